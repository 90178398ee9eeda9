import {
  type ActivityAction,
  type ActivityEntry,
  statusDisplayName,
  type WorkflowDefinition,
} from '@attest/shared';
import {
  IconArchive,
  IconArrowBackUp,
  IconBolt,
  IconCalendarTime,
  IconCheck,
  IconClock,
  IconEye,
  IconHandGrab,
  IconMailCheck,
  IconMailForward,
  IconMailX,
  IconPencil,
  IconPlugConnectedX,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
  IconUserMinus,
  IconUserPlus,
  IconUserShare,
  IconVersions,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { isolate } from '../../../components/user-text';
import { connectorLabel } from '../../../lib/format/connector-label';
import type { DateFormatContext } from '../../../lib/format/date-time';
import { tagWords } from '../../../lib/format/tag-words';
import { answerText } from './answer-text';
import { fieldsByTag, stepEntries } from './definition';
import { dueDateText } from './due-date-moves';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Icon = ComponentType<{ size?: number; stroke?: number }>;

// Spec 2 §3.11: each timeline action type has an icon and a colour; unknown types are 'viewed'.
export const ACTION_STYLES: Record<ActivityAction, { icon: Icon; color: string }> = {
  viewed: { icon: IconEye, color: 'gray' },
  edited: { icon: IconPencil, color: 'blue' },
  updated: { icon: IconRefresh, color: 'blue' },
  submitted: { icon: IconSend, color: 'teal' },
  undo: { icon: IconArrowBackUp, color: 'orange' },
  queued: { icon: IconClock, color: 'yellow' },
  delivered: { icon: IconMailCheck, color: 'teal' },
  bounced: { icon: IconMailX, color: 'red' },
  deferred: { icon: IconMailForward, color: 'yellow' },
  performed: { icon: IconBolt, color: 'violet' },
  created: { icon: IconPlus, color: 'green' },
  deleted: { icon: IconTrash, color: 'red' },
  added: { icon: IconUserPlus, color: 'cyan' },
  removed: { icon: IconUserMinus, color: 'pink' },
};

export function actionStyle(action: string) {
  return ACTION_STYLES[action as ActivityAction] ?? ACTION_STYLES.viewed;
}

// Archiving is a 'deleted' action in the timeline, but nothing is deleted: it shows an archive box.
export function entryIcon(entry: Pick<ActivityEntry, 'action' | 'event'>): Icon {
  if (entry.event === 'archived') return IconArchive;
  if (entry.event === 'status_changed') return IconCheck;
  if (entry.event === 'integration_failed') return IconPlugConnectedX;
  if (entry.event === 'due_date_changed') return IconCalendarTime;
  if (entry.event === 'task_claimed') return IconHandGrab;
  if (entry.event === 'task_reassigned') return IconUserShare;
  if (entry.event === 'workflow_moved' || entry.event === 'workflow_moved_back') return IconVersions;
  return actionStyle(entry.action).icon;
}

// The last segment of a tag ('supplier_onboarding__intake' -> 'Intake'), as words.
function words(tag: string | undefined): string {
  return tag ? tagWords(tag.split('__').at(-1) ?? tag) : '';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

// The people a reassignment took the task from ({ user_id, name }[], tasks module), each isolated,
// listed the way the person's language lists names ('A, B and C').
function peopleList(value: unknown, locale: string): string {
  const names = (Array.isArray(value) ? value : []).flatMap((p) => {
    const name = text(record(p).name);
    return name ? [isolate(name)] : [];
  });
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

function version(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

// The details the server writes per event (apps/server/src/modules/workflows), read defensively: an
// entry written by an older server still gets a sentence. What the tenant named (a workflow, step,
// field, person, status, an answer) is isolated: the sentence takes the page's direction, each name
// its own (show it with IsolatedText). Dates are the person's, in their language and time zone.
export function activitySentence(
  entry: ActivityEntry,
  definition: WorkflowDefinition | null,
  t: Translate,
  dates: DateFormatContext = { locale: 'en' },
): string {
  const { locale } = dates;
  const d = entry.details;
  const steps = definition ? stepEntries(definition) : new Map();
  const fields = definition ? fieldsByTag(definition) : new Map();
  const stepTag = entry.step_tag ?? text(d.step_tag);
  const fieldTag = entry.field_tag ?? text(d.field_tag);
  // A step or field the definition no longer has (and the entry did not name) reads as words, not
  // as its tag.
  const step = isolate((stepTag && steps.get(stepTag)?.step.name) ?? text(d.step_name) ?? words(stepTag));
  const field = fieldTag ? fields.get(fieldTag) : undefined;
  const label = isolate(field?.label ?? text(d.field_label) ?? words(fieldTag));
  const connectorTag = text(d.connector);
  const connector = connectorTag ? connectorLabel(connectorTag, t) : '';
  const who = isolate(text(d.name) ?? text(d.user_name) ?? text(d.group_name) ?? text(d.email));
  // Entries written in bulk (the demo seed, imports) keep only the status tags: name them from the
  // definition the workflow runs on.
  const statusName = (key: string) => {
    const tag = text(d[key]);
    const named = definition && tag ? statusDisplayName(definition, tag) : undefined;
    return isolate(text(d[`${key}_name`]) ?? text(d[`${key}_display_name`]) ?? named ?? tag);
  };

  switch (entry.event) {
    case 'created':
      return t('process.activity.created', { name: isolate(text(d.name)) });
    case 'answer_saved':
      return t('process.activity.answerSaved', {
        field: label,
        old: isolate(answerText(d.old_value ?? d.old ?? null, field, t, locale)),
        new: isolate(answerText(d.new_value ?? d.new ?? null, field, t, locale)),
      });
    case 'step_submitted': {
      // A delegate submitting an absent person's task (issue 16): on_behalf_of is { id, name }.
      const name = text(record(d.on_behalf_of).name);
      return name
        ? t('process.activity.stepSubmittedOnBehalf', { step, name: isolate(name) })
        : t('process.activity.stepSubmitted', { step });
    }
    case 'status_changed':
      return t('process.activity.statusChanged', { from: statusName('from'), to: statusName('to') });
    case 'step_undone':
    case 'undo': {
      // The server records on_behalf_of on submit only today; an undo that carries it says so too.
      const name = text(record(d.on_behalf_of).name);
      return name
        ? t('process.activity.stepUndoneOnBehalf', { step, name: isolate(name) })
        : t('process.activity.stepUndone', { step });
    }
    case 'step_user_added':
      return t('process.activity.stepUserAdded', { who, step });
    case 'step_user_removed':
      return t('process.activity.stepUserRemoved', { who, step });
    case 'step_locked':
      return t(d.is_locked === false ? 'process.activity.stepUnlocked' : 'process.activity.stepLocked', {
        step,
      });
    case 'step_unlocked':
      return t('process.activity.stepUnlocked', { step });
    case 'archived':
      return t('process.activity.archived');
    // Claims (tasks module, issue 16): the actor took a group's or nobody's task, or gave their
    // claim back so that it can be claimed again. The actor is shown beside the sentence.
    case 'task_claimed':
      return t('process.activity.taskClaimed', { step });
    case 'task_unclaimed':
      return t('process.activity.taskUnclaimed', { step });
    case 'task_reassigned': {
      // `name` is whom the task now belongs to, `from` whom it was taken from (none: it was unassigned).
      const to = isolate(text(d.name) ?? '');
      const from = peopleList(d.from, locale);
      return from
        ? t('process.activity.taskReassigned', { step, from, to })
        : t('process.activity.taskReassignedFromNobody', { step, to });
    }
    // Studio moves between versions of the definition: details carry both version numbers.
    case 'workflow_moved':
    case 'workflow_moved_back': {
      const from = version(d.from_version);
      const to = version(d.to_version);
      const back = entry.event === 'workflow_moved_back';
      if (from === undefined || to === undefined)
        return t(back ? 'process.activity.workflowMovedBackPlain' : 'process.activity.workflowMovedPlain');
      return t(back ? 'process.activity.workflowMovedBack' : 'process.activity.workflowMoved', { from, to });
    }
    case 'comment_posted': {
      // A comment on a field names the field, on a step the step, else the workflow.
      const target = fieldTag ? label : stepTag ? step : '';
      return target
        ? t('process.activity.commentPosted', { target })
        : t('process.activity.commentPostedOnWorkflow');
    }
    case 'child_created':
    case 'child_workflow_created':
      return t('process.activity.childCreated', { name: isolate(text(d.child_name) ?? text(d.name)) });
    case 'created_from_parent':
      return t('process.activity.createdFromParent', {
        id: typeof d.parent_id === 'number' ? d.parent_id : '',
      });
    case 'integration_finished':
    case 'integration_performed':
      return t('process.activity.integrationFinished', { step, connector });
    case 'integration_queued':
      return t('process.activity.integrationQueued', { step, connector });
    case 'due_date_changed': {
      const from = dueDateText(d.old_due_at, dates);
      const to = dueDateText(d.new_due_at, dates);
      const key =
        d.by_engine === true ? 'process.activity.dueDateMovedByEngine' : 'process.activity.dueDateMoved';
      return t(key, { step, from, to });
    }
    case 'integration_failed':
      return t('process.activity.integrationFailed', { step, connector });
    default:
      // An event this page does not know yet: its timeline type, in words.
      return t(`process.activity.action.${entry.action in ACTION_STYLES ? entry.action : 'viewed'}`);
  }
}
