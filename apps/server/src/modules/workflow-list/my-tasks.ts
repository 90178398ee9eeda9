import type { Tx } from '../../platform/tenant-transaction.js';
import { openTaskCount } from './my-tasks.repository.js';

// Above this many open tasks, a list page probes workflows along its order instead of starting
// from the tasks (list-where.ts myTasks).
export const MANY_TASKS = 2_000;

// Which form of my tasks the page and the count use: start from the tasks while they are few,
// probe along the order when they are many; the count starts from the tasks until there are more
// of them than it would count exactly.
export async function myTasksForms(
  tx: Tx,
  scope: { tenantId: string; userId: string; group: 'me' | number; countLimit: number },
): Promise<{ page: 'semi' | 'probe'; count: 'semi' | 'probe' }> {
  const tasks = await openTaskCount(tx, scope.tenantId, scope.userId, scope.group, scope.countLimit);
  return {
    page: tasks > MANY_TASKS ? 'probe' : 'semi',
    count: tasks > scope.countLimit ? 'probe' : 'semi',
  };
}
