import { z } from 'zod';
import { text } from '../validators/input-limits.js';

// Spec 1 §4 "Real-time events": the event groups. This product publishes the ones whose action it
// has (workflows, steps, answers, children, integrations, screening); the rest are named so that the
// areas that bring them (studio, records, bulk actions) publish under the spec's group.
export const EVENT_GROUPS = [
  'integration',
  'state_change',
  'mirror_master',
  'step',
  'workflow_data_update',
  'child_workflow_creation',
  'field_change',
  'studio_config_validation',
  'config_deployment',
  'record_creation',
  'bulk_actions',
  'package_versioning',
  'package_deployment',
  'component_copy',
  'dependency_deployment',
  'branch_work',
  'meta_json_update',
  'deployment_status',
  'response_changed',
  'linking',
  'delinking',
  'relinking',
  'workflow_creation',
  'data_object',
  'version_deployment_status',
  'screening',
  // Ours: discussion (threads, mentions) and the user's notifications.
  'discussion',
  'notification',
] as const;
export const EventGroupSchema = z.enum(EVENT_GROUPS);
export type EventGroup = z.infer<typeof EventGroupSchema>;

// The outcome of a long action; an event without one (a live update) raises no notification.
export const EVENT_OUTCOMES = ['queued', 'started', 'finished', 'completed', 'failed'] as const;
export const EventOutcomeSchema = z.enum(EVENT_OUTCOMES);
export type EventOutcome = z.infer<typeof EventOutcomeSchema>;

// Spec 1 §4: started = info, finished or completed = success, queued = warning, failed = error.
export const NOTIFICATION_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
export function notificationLevel(outcome: EventOutcome): NotificationLevel {
  switch (outcome) {
    case 'started':
      return 'info';
    case 'finished':
    case 'completed':
      return 'success';
    case 'queued':
      return 'warning';
    case 'failed':
      return 'error';
  }
}

// Spec 1 §3: the labels a real-time notification carries (Success, Running, Queued, Failed); the
// web app translates them under realtime.outcome.<label key>.
export const OUTCOME_LABEL_KEYS: Record<EventOutcome, 'success' | 'running' | 'queued' | 'failed'> = {
  queued: 'queued',
  started: 'running',
  finished: 'success',
  completed: 'success',
  failed: 'failed',
};

// What clients route on. Workflow-channel events tell the process page what changed so it can
// refetch; user-channel events feed the badge, the notifications and the toasts.
export const EVENT_TYPES = [
  // workflow channel
  'workflow.answered', // data: { step_tag, field_tags }
  'workflow.step_changed', // data: { step_tag, action: submitted|undone|locked|unlocked|assigned|unassigned }
  'workflow.status_changed', // data: { status_id }
  'workflow.archived',
  'workflow.child_created', // data: { child_id, field_tag }
  'workflow.integration_run', // data: { run_id, step_tag, connector } with an outcome
  'thread.message', // data: { thread_id, message_id, action: posted|edited|deleted }
  // user channel
  'workflow.created', // data: { workflow_id }
  'mentions.changed', // data: { unread_count }
  'notification.created', // data: a Notification (notifications/api.ts)
  'notifications.changed', // data: { unread_count }
  // Issue 16: a task of this person's appeared, moved or went (the inbox and header count refetch)
  'tasks.changed', // group 'step', data: { workflow_id, step_tag }
  // user channel, the studio (studio/studio-events.ts; data: { app_id, action, ... })
  'studio.package_versioning',
  'studio.config_validation',
  'studio.config_deployment',
  'studio.deployment_status',
  'studio.branch_work',
  // user channel, bulk actions (issue 18): group 'bulk_actions', data { id, action: preview|apply|undo,
  // done, total }; an outcome when the job starts, finishes or fails, none for its progress
  'batch.update',
  // the same for a batch import's run and undo: data { id, action: run|undo, done, total }
  'batch.import',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const RealtimeActorSchema = z.object({ id: z.number().int(), name: text() });

// The one envelope on the wire (socket.io event name REALTIME_SOCKET_EVENT).
export const RealtimeEventSchema = z.object({
  id: text(),
  channel: text(),
  type: EventTypeSchema,
  group: EventGroupSchema,
  outcome: EventOutcomeSchema.nullable(),
  workflow_id: z.number().int().nullable(),
  actor: RealtimeActorSchema.nullable(),
  at: text(),
  data: z.record(text(), z.unknown()),
});
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;

export const REALTIME_SOCKET_PATH = '/socket.io/';
export const REALTIME_SOCKET_EVENT = 'event';
// Client -> server: stop receiving a channel (joining needs prasaran/auth; leaving needs nothing).
export const REALTIME_LEAVE_EVENT = 'leave';
