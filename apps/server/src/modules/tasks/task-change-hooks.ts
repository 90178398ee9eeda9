import type { TaskHooks } from '../workflows/index.js';
import { taskAssigneesRepository } from './task-assignees.repository.js';
import { taskDelegationsRepository } from './task-delegations.repository.js';
import { taskChangeEvents } from './task-live.js';
import { todayIso } from './task-today.js';

// What a step's submit or undo asks of the tasks module (app.ts hands these to the workflow routes).
export const taskChangeHooks: TaskHooks = {
  // The actor acts for someone when the step is not theirs (neither as a person nor through a group)
  // but one of its people delegates to them today: the delegated tab offered it to them.
  async onBehalfOf(tx, ctx, workflowId, stepTag) {
    const me = ctx.auth.user.id;
    const assignees = await taskAssigneesRepository.list(tx, workflowId, stepTag);
    if (assignees.some((a) => a.user_id === me)) return null;
    const groups = assignees.flatMap((a) => (a.group_id === null ? [] : [a.group_id]));
    if (groups.length > 0) {
      const mine = await taskAssigneesRepository.groupIdsOf(tx, me);
      if (groups.some((g) => mine.has(g))) return null;
    }
    const people = assignees.flatMap((a) => (a.user_id === null ? [] : [a.user_id]));
    const [first] = await taskDelegationsRepository.activeDelegatorsAmong(tx, me, people, todayIso());
    const delegator = assignees.find((a) => first !== undefined && a.user_id === first.delegator_id);
    return delegator?.user_id ? { id: Number(delegator.user_id), name: delegator.name } : null;
  },

  changed: (tx, ctx, workflowId, stepTags) => taskChangeEvents(tx, ctx, { workflowId, stepTags }),
};
