import { type RealtimeEvent, userChannel, type WorkflowDefinition, workflowChannel } from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';

// The live events of workflow actions (spec 1 §4), published after the action's transaction commits.
// Each is small (ids and tags, never answers): whoever listens re-reads through the API, which applies
// their permissions.

export type StepAction = 'submitted' | 'undone' | 'locked' | 'unlocked' | 'assigned' | 'unassigned';

export function actorOf(ctx: UserContext): NonNullable<RealtimeEvent['actor']> {
  const { user } = ctx.auth;
  return { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim() || user.email };
}

function onWorkflow(
  ctx: UserContext,
  workflowId: string,
  event: Pick<OutgoingEvent, 'type' | 'group' | 'data'> & { outcome?: OutgoingEvent['outcome'] },
): OutgoingEvent {
  return {
    channel: workflowChannel(ctx.tenant.id, workflowId),
    workflow_id: Number(workflowId),
    actor: actorOf(ctx),
    ...event,
    outcome: event.outcome ?? null,
  };
}

export const workflowEvents = {
  answered: (ctx: UserContext, workflowId: string, stepTag: string, fieldTags: string[]) =>
    onWorkflow(ctx, workflowId, {
      type: 'workflow.answered',
      group: 'response_changed',
      data: { step_tag: stepTag, field_tags: fieldTags },
    }),

  stepChanged: (ctx: UserContext, workflowId: string, stepTag: string, action: StepAction) =>
    onWorkflow(ctx, workflowId, {
      type: 'workflow.step_changed',
      group: 'step',
      data: { step_tag: stepTag, action },
    }),

  statusChanged: (ctx: UserContext, workflowId: string, statusId: string) =>
    onWorkflow(ctx, workflowId, {
      type: 'workflow.status_changed',
      group: 'state_change',
      data: { status_id: Number(statusId) },
    }),

  archived: (ctx: UserContext, workflowId: string) =>
    onWorkflow(ctx, workflowId, { type: 'workflow.archived', group: 'state_change', data: {} }),

  // On the parent's channel: a child started from one of its fields (field_tag null when the child
  // was created with parent_id rather than from a field).
  childCreated: (ctx: UserContext, parentId: string, childId: string, fieldTag: string | null) =>
    onWorkflow(ctx, parentId, {
      type: 'workflow.child_created',
      group: 'child_workflow_creation',
      outcome: 'completed',
      data: { child_id: Number(childId), field_tag: fieldTag },
    }),

  // On the creator's own channel, wherever they are in the app.
  created: (ctx: UserContext, workflowId: string): OutgoingEvent => ({
    channel: userChannel(ctx.tenant.id, ctx.auth.user.id),
    type: 'workflow.created',
    group: 'workflow_creation',
    outcome: 'completed',
    workflow_id: Number(workflowId),
    actor: actorOf(ctx),
    data: { workflow_id: Number(workflowId) },
  }),
};

// Where a step opens in the web app (the process page's ?group=&step=, as threads link to it).
export function stepLink(definition: WorkflowDefinition, workflowId: string, stepTag: string): string {
  const group = definition.step_groups.find((g) => g.steps.some((s) => s.tag === stepTag));
  if (!group) return `/process/${workflowId}`;
  return `/process/${workflowId}?${new URLSearchParams({ group: group.tag, step: stepTag }).toString()}`;
}
