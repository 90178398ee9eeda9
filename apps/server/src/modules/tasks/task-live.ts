import { userChannel } from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { usersSeeingWorkflow } from '../workflows/index.js';
import { taskLiveRepository } from './task-live.repository.js';
import { todayIso } from './task-today.js';

export type TaskChange = { workflowId: string; stepTags: readonly string[] };

// Issue 16 "live": a task appears, moves or goes without a reload. Each affected person is told on
// their own channel ('tasks.changed', ids only); their inbox and header count refetch through the
// API, which applies their permissions. Called in the change's transaction, before and after it
// (a reassignment's old holders are affected too); the caller publishes once it has committed.
export async function taskChangeEvents(
  tx: Tx,
  ctx: UserContext,
  change: TaskChange,
  alsoUsers: Iterable<string> = [],
): Promise<OutgoingEvent[]> {
  const people = new Set(alsoUsers);
  for (const id of await taskLiveRepository.peopleOf(tx, change.workflowId, change.stepTags, todayIso())) {
    people.add(id);
  }
  // Only people who see the workflow are told (a group member outside its region is not), so an
  // event never reveals a workflow id to someone the API would answer 404.
  return tasksChanged(ctx, change, await usersSeeingWorkflow(tx, change.workflowId, [...people]));
}

// Affected people of a step as they are now, for a caller that also needs them before the change.
export function taskPeople(tx: Tx, change: TaskChange): Promise<string[]> {
  return taskLiveRepository.peopleOf(tx, change.workflowId, change.stepTags, todayIso());
}

function tasksChanged(ctx: UserContext, change: TaskChange, people: Iterable<string>): OutgoingEvent[] {
  const { user } = ctx.auth;
  const actor = { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email };
  const events: OutgoingEvent[] = [];
  for (const userId of people) {
    for (const stepTag of new Set(change.stepTags)) {
      events.push({
        channel: userChannel(ctx.tenant.id, userId),
        type: 'tasks.changed',
        group: 'step',
        outcome: null,
        workflow_id: Number(change.workflowId),
        actor,
        data: { workflow_id: Number(change.workflowId), step_tag: stepTag },
      });
    }
  }
  return events;
}
