import { SEARCH_SOURCES, type SearchSource } from '@attest/shared';
import type { MatchRow } from './search.repository.js';

// A workflow's best reason to be found: the lowest source (id, name, answer, comment).
export type Hit = {
  workflowId: string;
  source: SearchSource;
  rank: number;
  refId: string | null;
  kindId: string;
  updatedAt: Date;
};

// One hit per workflow, best first: by source, then newest updated, then newest id (issue 16).
export function rankHits(rows: readonly MatchRow[]): Hit[] {
  const best = new Map<string, MatchRow>();
  for (const row of rows) {
    const kept = best.get(row.workflow_id);
    if (!kept || row.source < kept.source) best.set(row.workflow_id, row);
  }
  return [...best.values()]
    .sort(
      (a, b) =>
        a.source - b.source ||
        b.updated_at.getTime() - a.updated_at.getTime() ||
        Number(b.workflow_id) - Number(a.workflow_id),
    )
    .map((row) => ({
      workflowId: row.workflow_id,
      source: SEARCH_SOURCES[row.source] ?? 'comment',
      rank: row.source,
      refId: row.ref_id,
      kindId: row.kind_id,
      updatedAt: row.updated_at,
    }));
}

// Each source stops at `cap` rows; one that reached it may have more, so the counts are lower bounds.
export function reachedCap(rows: readonly MatchRow[], cap: number): boolean {
  const perSource = new Map<number, number>();
  for (const row of rows) perSource.set(row.source, (perSource.get(row.source) ?? 0) + 1);
  return [...perSource.values()].some((n) => n >= cap);
}

// The kinds in the order their groups are shown: the kind of the best hit first.
export function kindsInOrder(hits: readonly Hit[]): { kindId: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const hit of hits) counts.set(hit.kindId, (counts.get(hit.kindId) ?? 0) + 1);
  return [...counts].map(([kindId, count]) => ({ kindId, count }));
}
