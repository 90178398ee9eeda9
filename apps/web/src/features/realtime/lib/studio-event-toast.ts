import {
  type NotificationLevel,
  notificationLevel,
  type RealtimeEvent,
  STUDIO_ENVIRONMENTS,
  STUDIO_FAILURE_REASONS,
  STUDIO_STAGES,
} from '@attest/shared';
import { isolate } from '../../../components/user-text';

// A studio live event (spec 1 §4; docs/studio.md "Live events") as a toast: its group as the title,
// a sentence saying who did what as the message. Null for an event that is not worth a toast: one
// without an outcome, or the person's own success (their page already shows it). Refusals reach only
// the person who was refused, with the spec's failure reason.
export type StudioToast = {
  tone: NotificationLevel;
  titleKey: string;
  messageKey: string;
  values: Record<string, string | number>;
  id: string;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const known = <T extends string>(list: readonly T[], value: unknown): T | null =>
  list.includes(value as T) ? (value as T) : null;
const FAILURE_KEYS = [...Object.keys(STUDIO_FAILURE_REASONS), 'not_approved'];

function messageOf(event: RealtimeEvent): { key: string; values: Record<string, string | number> } | null {
  const { data } = event;
  const actor = isolate(event.actor?.name ?? '');
  if (event.outcome === 'failed') {
    if (event.type === 'studio.config_validation') {
      if (data.reason === 'empty_package') return { key: 'studioEvents.failed.empty_package', values: {} };
      return { key: 'studioEvents.failed.invalid_package', values: { count: Number(data.problems) || 0 } };
    }
    const reason = known(FAILURE_KEYS, data.reason);
    return reason ? { key: `studioEvents.failed.${reason}`, values: {} } : null;
  }
  const environment = known(STUDIO_ENVIRONMENTS, data.environment);
  const environmentName = environment ? `studioEvents.environment.${environment}` : '';
  switch (data.action) {
    case 'version_created':
      return { key: 'studioEvents.action.version_created', values: { actor, version: text(data.version) } };
    case 'stage_changed': {
      const stage = known(STUDIO_STAGES, data.stage);
      if (!stage) return null;
      return {
        key: `studioEvents.action.stage_changed.${stage}`,
        values: { actor, version: text(data.version) },
      };
    }
    case 'reviewed':
      return data.decision === 'approved' || data.decision === 'changes_requested'
        ? { key: `studioEvents.action.reviewed.${data.decision}`, values: { actor } }
        : null;
    case 'deployed':
      return environment ? { key: `${environmentName}.deployed`, values: { actor } } : null;
    case 'processes_published':
      return environment
        ? {
            key: `${environmentName}.published`,
            values: { count: Array.isArray(data.kind_tags) ? data.kind_tags.length : 0 },
          }
        : null;
    case 'branch_merged':
      return { key: 'studioEvents.action.branch_merged', values: { actor } };
    case 'started':
    case 'stopped':
      return {
        key: `studioEvents.action.branch_${data.action}`,
        values: { actor, branch: isolate(text(data.branch_name)) },
      };
    default:
      return null;
  }
}

export function studioEventToast(event: RealtimeEvent, userId: number): StudioToast | null {
  if (!event.type.startsWith('studio.') || !event.outcome) return null;
  const own = event.actor?.id === userId;
  if (own && event.outcome !== 'failed') return null;
  const message = messageOf(event);
  if (!message) return null;
  return {
    tone: notificationLevel(event.outcome),
    titleKey: `studioEvents.group.${event.group}`,
    messageKey: message.key,
    values: message.values,
    // One toast per kind of news at a time: a burst of the same refusal or deployment is one toast.
    id: `studio-${event.type}-${event.outcome}-${text(event.data.action)}-${text(event.data.reason)}`,
  };
}
