import { sql } from 'kysely';
import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Issue 15: an environment's test workflows, read and purged along workflows_test_environment_idx
// (migration 0022). Row-level security keeps every statement to the transaction's tenant.
export const testWorkflowsRepository = {
  // One page, newest first, and how many there are.
  async page(tx: Tx, environment: TestEnvironment, page: { limit: number; offset: number }) {
    const base = tx.selectFrom('workflows as w').where('w.test_environment', '=', environment);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
        .innerJoin('workflow_definitions as d', 'd.id', 'w.definition_id')
        .select([
          'w.id',
          'w.name',
          'w.kind_id',
          'k.tag as kind_tag',
          'w.definition_id',
          'd.version',
          'w.status_id',
          'w.progress',
          'w.created_by',
          'w.created_at',
        ])
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  },

  // Deletes up to `limit` of the environment's test workflows, newest first (a child is newer than
  // its parent, so children go before their parents), with every row hanging off them: the tables
  // that reference workflows cascade; the step-group cycles (no foreign key) are deleted here.
  // A workflow of another environment started as a child of one of them is detached, not deleted.
  // Answers how many were deleted.
  async purgeBatch(tx: Tx, environment: TestEnvironment, limit: number): Promise<number> {
    const batch = await tx
      .selectFrom('workflows')
      .select('id')
      .where('test_environment', '=', environment)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    if (batch.length === 0) return 0;
    const ids = batch.map((r) => r.id);
    await tx.deleteFrom('workflow_step_group_cycles').where('workflow_id', 'in', ids).execute();
    await tx
      .updateTable('workflows')
      .set({ parent_id: null, parent_field_tag: null })
      .where('parent_id', 'in', ids)
      .where(sql<boolean>`test_environment is distinct from ${environment}`)
      .execute();
    const deleted = await tx.deleteFrom('workflows').where('id', 'in', ids).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  },
};
