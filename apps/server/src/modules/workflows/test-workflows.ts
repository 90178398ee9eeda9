import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { testWorkflowsRepository } from './test-workflows.repository.js';

// Deleted per statement: a batch's rows cascade into steps, answers, activity, threads and the rest,
// so a batch is bounded to keep each statement's memory and lock list small.
const PURGE_BATCH = 500;

// Issue 15: every test workflow of the environment, with all their rows, in the caller's transaction
// (so a purge is all or nothing). Production's workflows are never touched: only rows marked with the
// environment are selected. Answers how many workflows were deleted.
export async function purgeTestWorkflows(tx: Tx, environment: TestEnvironment): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await testWorkflowsRepository.purgeBatch(tx, environment, PURGE_BATCH);
    purged += deleted;
    if (deleted < PURGE_BATCH) return purged;
  }
}

export const testWorkflowsPage = testWorkflowsRepository.page;
