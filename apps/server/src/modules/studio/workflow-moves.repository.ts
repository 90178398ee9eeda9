import type { Insertable } from 'kysely';
import type { StudioWorkflowMoveOutcome, StudioWorkflowMoveResultsTable } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

const MOVE_COLUMNS = [
  'id',
  'app_id',
  'version_id',
  'kind_id',
  'kind_tag',
  'target_definition_id',
  'target_version',
  'workflow_ids',
  'state',
  'total',
  'done',
  'moved',
  'refused',
  'cursor_workflow_id',
  'created_by',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export type WorkflowMoveRow = Awaited<ReturnType<typeof workflowMovesRepository.find>> & {};

// Move jobs (studio_workflow_moves) and their per-workflow results (studio_workflow_move_results).
// The writes name the tenant as well as set it for row-level security.
export const workflowMovesRepository = {
  // The definition ids a version published to Production by its newest deployment there.
  async productionPublication(tx: Tx, versionId: string) {
    const row = await tx
      .selectFrom('studio_deployments')
      .select('published')
      .where('version_id', '=', versionId)
      .where('environment', '=', 'PRODUCTION')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? (row.published as { kind_tag: string; definition_id: number; version: number }[]) : null;
  },

  insert(
    tx: Tx,
    row: {
      tenant_id: string;
      app_id: string;
      version_id: string;
      kind_id: string;
      kind_tag: string;
      target_definition_id: string;
      target_version: number;
      workflow_ids: string[] | null;
      total: number;
      created_by: string;
    },
  ) {
    return tx
      .insertInto('studio_workflow_moves')
      .values(row)
      .returning(MOVE_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  find(tx: Tx, moveId: string, options: { versionId?: string; forUpdate?: boolean } = {}) {
    let query = tx.selectFrom('studio_workflow_moves').select(MOVE_COLUMNS).where('id', '=', moveId);
    if (options.versionId) query = query.where('version_id', '=', options.versionId);
    return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },

  // Takes a queued move (or, after a worker died, a running one) to run; false when it is done.
  async claim(tx: Tx, moveId: string) {
    const claimed = await tx
      .updateTable('studio_workflow_moves')
      .set((eb) => ({ state: 'running', started_at: eb.fn.coalesce('started_at', eb.val(new Date())) }))
      .where('id', '=', moveId)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  },

  async advance(
    tx: Tx,
    moveId: string,
    batch: { cursor: string; done: number; moved: number; refused: number },
  ) {
    await tx
      .updateTable('studio_workflow_moves')
      .set((eb) => ({
        cursor_workflow_id: batch.cursor,
        done: eb('done', '+', batch.done),
        moved: eb('moved', '+', batch.moved),
        refused: eb('refused', '+', batch.refused),
      }))
      .where('id', '=', moveId)
      .execute();
  },

  // Finished: the progress reads whole even when some workflows ended or moved on their own meanwhile.
  async finish(tx: Tx, moveId: string) {
    await tx
      .updateTable('studio_workflow_moves')
      .set((eb) => ({ state: 'finished', finished_at: new Date(), total: eb.ref('done') }))
      .where('id', '=', moveId)
      .execute();
  },

  async setState(tx: Tx, moveId: string, state: 'queued' | 'failed', error: string | null = null) {
    await tx
      .updateTable('studio_workflow_moves')
      .set({ state, error, ...(state === 'failed' && { finished_at: new Date() }) })
      .where('id', '=', moveId)
      .where('state', 'in', ['queued', 'running'])
      .execute();
  },

  async queuedIds(tx: Tx, limit: number) {
    const rows = await tx
      .selectFrom('studio_workflow_moves')
      .select('id')
      .where('state', 'in', ['queued', 'running'])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  // A repeated batch (after a worker died between its commit and the next) writes nothing twice.
  async insertResults(tx: Tx, rows: Insertable<StudioWorkflowMoveResultsTable>[]) {
    if (rows.length === 0) return;
    await tx
      .insertInto('studio_workflow_move_results')
      .values(rows)
      .onConflict((oc) => oc.columns(['tenant_id', 'move_id', 'workflow_id']).doNothing())
      .execute();
  },

  async resultsPage(
    tx: Tx,
    moveId: string,
    page: { limit: number; offset: number; outcome?: StudioWorkflowMoveOutcome },
  ) {
    let base = tx.selectFrom('studio_workflow_move_results as r').where('r.move_id', '=', moveId);
    if (page.outcome) base = base.where('r.outcome', '=', page.outcome);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('workflows as w', 'w.id', 'r.workflow_id')
        .select([
          'r.workflow_id',
          'w.name',
          'r.outcome',
          'r.reasons',
          'r.from_version',
          'r.moved_at',
          'r.moved_back_at',
        ])
        .orderBy('r.workflow_id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  findResult: (tx: Tx, moveId: string, workflowId: string) =>
    tx
      .selectFrom('studio_workflow_move_results')
      .selectAll()
      .where('move_id', '=', moveId)
      .where('workflow_id', '=', workflowId)
      .forUpdate()
      .executeTakeFirst(),

  async markMovedBack(tx: Tx, moveId: string, workflowId: string, by: string, at: Date) {
    await tx
      .updateTable('studio_workflow_move_results')
      .set({ outcome: 'moved_back', moved_back_at: at, moved_back_by: by })
      .where('move_id', '=', moveId)
      .where('workflow_id', '=', workflowId)
      .execute();
  },
};
