import type { PageQuery } from '@attest/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { changeableWorkflowsFilter, visibleWorkflowsFilter } from '../workflows/index.js';

type Scope = ExpressionBuilder<Database & { w: Database['workflows'] }, 'w'>;

// Which workflows a section lists; every one also passes the viewer's visibility (or, for parents
// to create a child from, the viewer's right to change them).
export type HomeSection =
  | { kind: 'following' }
  | { kind: 'requested' }
  | {
      kind: 'parents';
      kindId: string;
      statusIds: readonly string[];
      // create_new_workflow: only parents whose step holding the child field is open, since the
      // engine refuses an answer to any other (nobody is offered a parent that would be refused).
      openStep: string | null;
      // create_new_workflow again: only parents the viewer may change (full access to the region or
      // business unit), since creating a child is a change; seeing one is enough to navigate to it.
      changeable: boolean;
      q?: string | undefined;
    };

function sectionFilter(userId: string, section: HomeSection) {
  return (eb: Scope) => {
    const live = [eb('w.archived_at', 'is', null), eb('w.test_environment', 'is', null)];
    if (section.kind === 'requested') return eb.and([...live, eb('w.created_by', '=', userId)]);
    if (section.kind === 'following')
      // Workflows with a thread the viewer is subscribed to (spec 2 §9.4 "following").
      return eb.and([
        ...live,
        eb.exists(
          eb
            .selectFrom('threads as t')
            .innerJoin('thread_subscriptions as ts', 'ts.thread_id', 't.id')
            .select(sql`1`.as('one'))
            .whereRef('t.workflow_id', '=', 'w.id')
            .where('ts.user_id', '=', userId)
            .where('ts.subscribed', '=', true),
        ),
      ]);
    const conditions = [...live, eb('w.kind_id', '=', section.kindId)];
    if (section.statusIds.length > 0) conditions.push(eb('w.status_id', 'in', section.statusIds));
    if (section.openStep !== null)
      conditions.push(
        eb.exists(
          eb
            .selectFrom('workflow_steps as ws')
            .select(sql`1`.as('one'))
            .whereRef('ws.workflow_id', '=', 'w.id')
            .where('ws.step_tag', '=', section.openStep)
            .where('ws.state', '=', 'enabled'),
        ),
      );
    if (section.q)
      conditions.push(eb(sql`lower(w.name)`, 'like', `%${escapeLike(section.q.toLowerCase())}%`));
    return eb.and(conditions);
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const homeRepository = {
  // One page of a section, newest change first, with its total.
  async page(tx: Tx, userId: string, section: HomeSection, page: PageQuery, locale: string) {
    const base = tx
      .selectFrom('workflows as w')
      .where(sectionFilter(userId, section))
      .where(
        section.kind === 'parents' && section.changeable
          ? changeableWorkflowsFilter(userId)
          : visibleWorkflowsFilter(userId),
      );
    const order = section.kind === 'requested' ? 'w.created_at' : 'w.updated_at';
    const [rows, total] = await Promise.all([
      base
        .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
        .innerJoin('workflow_statuses as s', 's.id', 'w.status_id')
        .select([
          'w.id',
          'w.name',
          'w.progress',
          'w.created_at',
          'w.updated_at',
          'k.id as kind_id',
          'k.name as kind_name',
          's.id as status_id',
          's.color_code as status_color',
        ])
        .select(localizedColumn('s.display_name', 's.display_name_translations', locale).as('status_name'))
        .orderBy(order, 'desc')
        .orderBy('w.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  // The tenant's kinds of these tags (the shortcuts name kinds by tag).
  kindsByTag(tx: Tx, tags: readonly string[]) {
    if (tags.length === 0) return Promise.resolve([]);
    return tx.selectFrom('workflow_kinds').select(['id', 'tag', 'name']).where('tag', 'in', tags).execute();
  },

  storedConfig(tx: Tx, tenantId: string) {
    return tx
      .selectFrom('tenant_configurations')
      .select(sql<unknown>`custom_ui_labels -> 'c2_home_page_config'`.as('config'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  },

  // Spec 2 §3.9: kept under the custom UI labels; only that key is replaced, the others are kept.
  async storeConfig(tx: Tx, tenantId: string, config: unknown): Promise<boolean> {
    const result = await tx
      .updateTable('tenant_configurations')
      .set({
        custom_ui_labels: sql`jsonb_set(
          case when jsonb_typeof(custom_ui_labels) = 'object' then custom_ui_labels else '{}'::jsonb end,
          '{c2_home_page_config}', ${JSON.stringify(config)}::jsonb)`,
      })
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

export type HomeWorkflowRow = Awaited<ReturnType<typeof homeRepository.page>>['rows'][number];
