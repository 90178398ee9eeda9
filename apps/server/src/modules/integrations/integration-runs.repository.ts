import type { IntegrationRunState } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

const RUN_COLUMNS = [
  'id',
  'workflow_id',
  'step_tag',
  'field_tag',
  'connector',
  'state',
  'result',
  'error',
  'created_at',
  'finished_at',
  'created_by',
] as const;

export const integrationRunsRepository = {
  async insert(
    tx: Tx,
    run: { tenantId: string; workflowId: string; stepTag: string; connector: string; userId: string | null },
  ): Promise<string> {
    const row = await tx
      .insertInto('integration_runs')
      .values({
        tenant_id: run.tenantId,
        workflow_id: run.workflowId,
        step_tag: run.stepTag,
        field_tag: null,
        connector: run.connector,
        state: 'waiting',
        created_by: run.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  // Steps of the workflow with a run not yet done, so re-enabling a step never queues it twice.
  async pendingSteps(tx: Tx, workflowId: string): Promise<Set<string>> {
    const rows = await tx
      .selectFrom('integration_runs')
      .select('step_tag')
      .where('workflow_id', '=', workflowId)
      .where('state', 'in', ['waiting', 'running'])
      .execute();
    return new Set(rows.map((r) => r.step_tag));
  },

  // The worker connects as the owning role, which row-level security may not bind: it names the
  // tenant explicitly, so a job can only ever reach its own tenant's run.
  find(tx: Tx, tenantId: string, runId: string) {
    return tx
      .selectFrom('integration_runs')
      .select(RUN_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', runId)
      .executeTakeFirst();
  },

  // Only one worker wins a run: the update matches while the run still waits. A retried job may
  // take over a run left 'running' by a worker that died or lost its database mid-run.
  async claim(tx: Tx, runId: string, options: { reclaim: boolean }): Promise<boolean> {
    const claimed = await tx
      .updateTable('integration_runs')
      .set({ state: 'running' })
      .where('id', '=', runId)
      .where('state', 'in', options.reclaim ? ['waiting', 'running'] : ['waiting'])
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  async finish(
    tx: Tx,
    runId: string,
    outcome: {
      state: Extract<IntegrationRunState, 'finished' | 'failed'>;
      result: unknown;
      error: string | null;
    },
  ): Promise<boolean> {
    const finished = await tx
      .updateTable('integration_runs')
      .set({
        state: outcome.state,
        result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
        error: outcome.error,
        finished_at: new Date(),
      })
      .where('id', '=', runId)
      // Only the attempt that finds it running records it: two attempts (one whose worker was taken
      // for dead, one that took over) never both write its answers and comment.
      .where('state', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    return finished !== undefined;
  },

  async waitingIds(
    tx: Tx,
    tenantId: string,
    options: { olderThanSeconds?: number; limit: number },
  ): Promise<string[]> {
    let query = tx
      .selectFrom('integration_runs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'waiting');
    if (options.olderThanSeconds !== undefined) {
      query = query.where('created_at', '<', new Date(Date.now() - options.olderThanSeconds * 1000));
    }
    const rows = await query.orderBy('id').limit(options.limit).execute();
    return rows.map((r) => r.id);
  },

  async page(tx: Tx, workflowId: string, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      tx
        .selectFrom('integration_runs')
        .select(RUN_COLUMNS)
        .where('workflow_id', '=', workflowId)
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      tx
        .selectFrom('integration_runs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('workflow_id', '=', workflowId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
