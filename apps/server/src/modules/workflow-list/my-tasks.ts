import type { Tx } from '../../platform/tenant-transaction.js';
import { myGroupIds, openTaskCount } from './my-tasks.repository.js';

// Above this many open tasks, a list page probes workflows along its order instead of starting
// from the tasks (list-where.ts myTasks).
export const MANY_TASKS = 2_000;

export type MyTasksForms = {
  page: 'semi' | 'probe';
  count: 'semi' | 'probe';
  // The viewer's groups, given to listWhere as myGroupIds.
  groupIds: string[];
};

// Which form of my tasks the page and the count use. The page starts from the tasks while they are
// few and probes along its order when they are many. The count always starts from the tasks: its
// planner estimate (the count above COUNT_EXACT_LIMIT) is then open_tasks' own per user and group
// (the probe's correlated EXISTS was estimated at 3 rows in 4: 750,000 for a true 34,011 at 1M),
// and an exact count reads the tasks by their indexes. Reads the viewer's groups once for both.
export async function myTasksForms(
  tx: Tx,
  scope: { tenantId: string; userId: string; group: 'me' | number },
): Promise<MyTasksForms> {
  const groupIds = scope.group === 'me' ? await myGroupIds(tx, scope.tenantId, scope.userId) : [];
  const tasks = await openTaskCount(tx, { ...scope, groupIds }, MANY_TASKS);
  return { page: tasks > MANY_TASKS ? 'probe' : 'semi', count: 'semi', groupIds };
}
