import type { Tx } from '../../platform/tenant-transaction.js';
import { sqlDay } from './task-today.js';

// Whose task lists a step touches: its user assignees, the members of its groups, and the people
// those users delegate to today (their delegated tab shows it).
export const taskLiveRepository = {
  async peopleOf(tx: Tx, workflowId: string, stepTags: readonly string[], today: string): Promise<string[]> {
    if (stepTags.length === 0) return [];
    const direct = await tx
      .selectFrom('workflow_step_users as su')
      .select('su.user_id as user_id')
      .where('su.workflow_id', '=', workflowId)
      .where('su.step_tag', 'in', stepTags)
      .where('su.user_id', 'is not', null)
      .union(
        tx
          .selectFrom('workflow_step_users as su')
          .innerJoin('user_groups as ug', 'ug.group_id', 'su.group_id')
          .select('ug.user_id as user_id')
          .where('su.workflow_id', '=', workflowId)
          .where('su.step_tag', 'in', stepTags),
      )
      .execute();
    const people = direct.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
    if (people.length === 0) return [];
    const delegates = await tx
      .selectFrom('task_delegations')
      .select('delegate_id')
      .where('delegator_id', 'in', people)
      .where('starts_on', '<=', sqlDay(today))
      .where('ends_on', '>=', sqlDay(today))
      .where('revoked_at', 'is', null)
      .execute();
    return [...new Set([...people, ...delegates.map((d) => d.delegate_id)])];
  },
};
