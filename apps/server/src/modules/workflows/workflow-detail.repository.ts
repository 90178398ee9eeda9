import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from './workflow-access.repository.js';

// The reads behind one workflow's detail (workflow-detail.ts); each takes the workflow id.
export const workflowDetailRepository = {
  kind: (tx: Tx, kindId: string) =>
    tx
      .selectFrom('workflow_kinds')
      .select(['id', 'tag', 'name', 'icon'])
      .where('id', '=', kindId)
      .executeTakeFirstOrThrow(),

  // Named in the reader's language (issue 14).
  statuses: (tx: Tx, ids: string[], locale: string) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .selectFrom('workflow_statuses')
          .select(['id', 'tag', 'color_code'])
          .select(localizedColumn('display_name', 'display_name_translations', locale).as('display_name'))
          .where('id', 'in', ids)
          .execute(),

  place: (tx: Tx, regionId: string, unitId: string | null) =>
    Promise.all([
      tx.selectFrom('regions').select(['id', 'name']).where('id', '=', regionId).executeTakeFirstOrThrow(),
      unitId === null
        ? undefined
        : tx.selectFrom('business_units').select(['id', 'name']).where('id', '=', unitId).executeTakeFirst(),
    ]),

  workflowName: (tx: Tx, id: string) =>
    tx.selectFrom('workflows').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),

  // Children the user may see, oldest first.
  children: (tx: Tx, userId: string, id: string) =>
    tx
      .selectFrom('workflows as w')
      .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
      .select(['w.id', 'w.name', 'w.status_id', 'w.progress', 'k.name as kind_name'])
      .where('w.parent_id', '=', id)
      .where('w.archived_at', 'is', null)
      .where(visibleWorkflowsFilter(userId))
      .orderBy('w.id')
      .limit(500)
      .execute(),

  people: (tx: Tx, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .selectFrom('users')
          .select(['id', 'email', 'first_name', 'last_name'])
          .where('id', 'in', ids)
          .execute(),

  answerMeta: (tx: Tx, id: string) =>
    tx
      .selectFrom('workflow_responses')
      .select(['field_tag', 'version', 'answered_by', 'answered_at'])
      .where('workflow_id', '=', id)
      .where('is_current', '=', true)
      .execute(),

  steps: (tx: Tx, id: string) =>
    tx
      .selectFrom('workflow_steps')
      .select([
        'step_tag',
        'step_group_tag',
        'position',
        'state',
        'is_locked',
        'initiated_at',
        'completed_at',
        'completed_by',
        'submit_count',
        'sla_hours',
        'sla_breach_at',
      ])
      .where('workflow_id', '=', id)
      .orderBy('position')
      .execute(),

  stepUsers: (tx: Tx, id: string, stepTag?: string) => {
    let query = tx
      .selectFrom('workflow_step_users as su')
      .leftJoin('users as u', 'u.id', 'su.user_id')
      .leftJoin('groups as g', 'g.id', 'su.group_id')
      .select([
        'su.id',
        'su.step_tag',
        'su.user_id',
        'su.group_id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'g.name as group_name',
      ])
      .where('su.workflow_id', '=', id);
    if (stepTag !== undefined) query = query.where('su.step_tag', '=', stepTag);
    return query.orderBy('su.id').execute();
  },

  openAlerts: (tx: Tx, id: string) =>
    tx
      .selectFrom('workflow_alerts')
      .select([
        'id',
        'workflow_id',
        'rule_tag',
        'alert_tag',
        'cat_color_label',
        'step_group_tag',
        'step_tag',
        'field_tag',
        'raised_at',
      ])
      .where('workflow_id', '=', id)
      .where('resolved_at', 'is', null)
      .orderBy('id')
      .execute(),

  // The latest run of each step's integration.
  latestIntegrationRuns: (tx: Tx, id: string) =>
    tx
      .selectFrom('integration_runs')
      .select(['step_tag', 'connector', 'state'])
      .distinctOn('step_tag')
      .where('workflow_id', '=', id)
      .orderBy('step_tag')
      .orderBy('id', 'desc')
      .execute(),

  groupIdsOf: async (tx: Tx, userId: string) =>
    (await tx.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()).map(
      (r) => r.group_id,
    ),
};
