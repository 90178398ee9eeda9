import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

export type MatchArgs = {
  phrase: string | null;
  workflowId: number | null;
  kindId: number | null;
  regionIds: string[];
  unitIds: string[];
  cap: number;
};

// One row per (workflow, source) hit: 0 id, 1 name, 2 answer, 3 comment (migration 0026).
export type MatchRow = {
  workflow_id: string;
  source: number;
  ref_id: string | null;
  kind_id: string;
  kind_tag: string;
  kind_name: string;
  updated_at: Date;
};

type FunctionRow = { workflow_id: string; source: number; ref_id: string | null };

// The indexed candidates of search_workflow_matches (tenant, grants, live), joined to `workflows`
// under row-level security and the visibility rule, so both apply a second time here; with the
// kind's tag and name, which the groups show (no query of their own).
export function searchMatches(tx: Tx, userId: string, args: MatchArgs): Promise<MatchRow[]> {
  const candidates = sql<FunctionRow>`search_workflow_matches(
    cast(${args.phrase} as text), cast(${args.workflowId} as bigint), cast(${args.kindId} as bigint),
    cast(${args.regionIds} as bigint[]), cast(${args.unitIds} as bigint[]), cast(${args.cap} as integer))`;
  return tx
    .selectFrom(candidates.as('c'))
    .innerJoin('workflows as w', 'w.id', 'c.workflow_id')
    .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
    .select([
      'c.workflow_id',
      'c.source',
      'c.ref_id',
      'w.kind_id',
      'k.tag as kind_tag',
      'k.name as kind_name',
      'w.updated_at',
    ])
    .where('w.archived_at', 'is', null)
    .where('w.test_environment', 'is', null)
    .where(visibleWorkflowsFilter(userId))
    .execute();
}

// What a result shows of its workflow.
export function workflowCards(tx: Tx, workflowIds: string[]) {
  if (workflowIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('workflows as w')
    .innerJoin('regions as rg', 'rg.id', 'w.region_id')
    .leftJoin('workflow_statuses as s', 's.id', 'w.status_id')
    .select([
      'w.id',
      'w.name',
      'w.definition_id',
      'w.updated_at',
      'rg.id as region_id',
      'rg.name as region_name',
      's.id as status_id',
      's.display_name as status_name',
      's.color_code as status_color',
    ])
    .where('w.id', 'in', workflowIds)
    .execute();
}

export function answersByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('workflow_responses')
    .select(['id', 'field_tag', 'step_tag', 'text_value'])
    .where('id', 'in', ids)
    .execute();
}

export function commentsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('messages as m')
    .innerJoin('threads as t', 't.id', 'm.thread_id')
    .select(['m.id', 'm.body', 'm.thread_id', 't.step_tag', 't.field_tag'])
    .where('m.id', 'in', ids)
    .where('m.deleted_at', 'is', null)
    .execute();
}
