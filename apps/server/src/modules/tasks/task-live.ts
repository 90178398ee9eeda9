import { userChannel } from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { usersSeeingWorkflow } from '../workflows/index.js';
import { type TaskPerson, taskLiveRepository } from './task-live.repository.js';
import { todayIso } from './task-today.js';

export type TaskChange = { workflowId: string; stepTags: readonly string[] };

// Issue 16 "live": a task appears, moves or goes without a reload. Each affected person is told on
// their own channel ('tasks.changed', ids only) of each step of theirs the change touched; their
// inbox and header count refetch through the API, which applies their permissions. Called in the
// change's transaction, after it, with the people of before it (a reassignment's old holders are
// affected too); the caller publishes once it has committed.
export async function taskChangeEvents(
  tx: Tx,
  ctx: UserContext,
  change: TaskChange,
  before: readonly TaskPerson[] = [],
): Promise<OutgoingEvent[]> {
  const people = [...before, ...(await taskPeople(tx, change))];
  // Only people who see the workflow are told (a group member outside its region is not), so an
  // event never reveals a workflow id to someone the API would answer 404.
  const seeing = new Set(
    await usersSeeingWorkflow(tx, change.workflowId, [...new Set(people.map((p) => p.userId))]),
  );
  const told = new Set<string>();
  const events: OutgoingEvent[] = [];
  for (const person of people) {
    const key = `${person.userId}\u0000${person.stepTag}`;
    if (!seeing.has(person.userId) || told.has(key)) continue;
    told.add(key);
    events.push(tasksChanged(ctx, change.workflowId, person));
  }
  return events;
}

// The people of the change's steps as they are now, for a caller that also needs them before it.
export function taskPeople(tx: Tx, change: TaskChange): Promise<TaskPerson[]> {
  return taskLiveRepository.peopleOf(tx, change.workflowId, change.stepTags, todayIso());
}

function tasksChanged(ctx: UserContext, workflowId: string, person: TaskPerson): OutgoingEvent {
  const { user } = ctx.auth;
  return {
    channel: userChannel(ctx.tenant.id, person.userId),
    type: 'tasks.changed',
    group: 'step',
    outcome: null,
    workflow_id: Number(workflowId),
    actor: { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email },
    data: { workflow_id: Number(workflowId), step_tag: person.stepTag },
  };
}

// A delegation given or revoked changes the delegate's delegated tab at once (and what both people
// see of it): both hear 'tasks.changed' without a workflow (data: { delegation_id }).
export function delegationChanged(ctx: UserContext, delegationId: number, userIds: readonly string[]) {
  const { user } = ctx.auth;
  return [...new Set(userIds)].map(
    (userId): OutgoingEvent => ({
      channel: userChannel(ctx.tenant.id, userId),
      type: 'tasks.changed',
      group: 'step',
      outcome: null,
      workflow_id: null,
      actor: { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email },
      data: { delegation_id: delegationId },
    }),
  );
}
