import type { Tx } from '../../platform/tenant-transaction.js';
import { sqlDay } from './task-today.js';

// A person whose task list shows a step.
export type TaskPerson = { userId: string; stepTag: string };

// Whose task lists the steps touch, step by step: each step's user assignees, the members of its
// groups, and the people those users delegate to today (their delegated tab shows it).
export const taskLiveRepository = {
  async peopleOf(
    tx: Tx,
    workflowId: string,
    stepTags: readonly string[],
    today: string,
  ): Promise<TaskPerson[]> {
    if (stepTags.length === 0) return [];
    const direct = await tx
      .selectFrom('workflow_step_users as su')
      .select(['su.user_id as user_id', 'su.step_tag'])
      .where('su.workflow_id', '=', workflowId)
      .where('su.step_tag', 'in', stepTags)
      .where('su.user_id', 'is not', null)
      .union(
        tx
          .selectFrom('workflow_step_users as su')
          .innerJoin('user_groups as ug', 'ug.group_id', 'su.group_id')
          .select(['ug.user_id as user_id', 'su.step_tag'])
          .where('su.workflow_id', '=', workflowId)
          .where('su.step_tag', 'in', stepTags),
      )
      .execute();
    const people = direct.flatMap((r) =>
      r.user_id === null ? [] : [{ userId: r.user_id, stepTag: r.step_tag }],
    );
    const holders = [...new Set(people.map((p) => p.userId))];
    if (holders.length === 0) return [];
    const delegations = await tx
      .selectFrom('task_delegations')
      .select(['delegator_id', 'delegate_id'])
      .where('delegator_id', 'in', holders)
      .where('starts_on', '<=', sqlDay(today))
      .where('ends_on', '>=', sqlDay(today))
      .where('revoked_at', 'is', null)
      .execute();
    const delegated = delegations.flatMap((d) =>
      people
        .filter((p) => p.userId === d.delegator_id)
        .map((p) => ({ userId: d.delegate_id, stepTag: p.stepTag })),
    );
    return [...people, ...delegated];
  },
};
