import { type RealtimeEvent, userChannel, type WorkflowDefinition, workflowChannel } from '@attest/shared';
import type PgBoss from 'pg-boss';
import type { OutgoingEvent, RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { type NotificationInput, recordNotifications } from '../notifications/index.js';
import { loadDefinition } from '../workflows/index.js';
import { unreadMentionsOf } from './mentions.repository.js';
import { usersSeeingWorkflow } from './people.repository.js';
import { activeSubscriberIds, subscribeIfUndecided } from './subscriptions.repository.js';
import { insertEmailItems } from './thread-emails.repository.js';
import { type TargetTags, targetType } from './thread-targets.js';
import { workflowDefinitionId } from './threads.repository.js';

export const THREAD_EMAIL_QUEUE = 'threads.email-digest';
export type ThreadEmailJob = { tenantId: string; userId: string };
// One waiting digest per person: the queue's 'stately' policy refuses a second job with this key
// while one waits, so comments arriving within the delay join the e-mail already on its way.
export const threadEmailJobKey = (job: ThreadEmailJob) => `${job.tenantId}:${job.userId}`;

// What scheduling e-mails needs of the job queue; absent in tests and tools that build the app alone.
export type ThreadEmailJobSender = {
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<unknown>;
};

// What a posted, edited or deleted comment causes once its transaction has committed: the events
// to publish and the people whose comment e-mail should be scheduled.
export type CommentEffects = { tenantId: string; events: OutgoingEvent[]; emailUserIds: string[] };

export type ThreadRef = { id: string; workflow_id: string } & TargetTags;
type Actor = RealtimeEvent['actor'];

// Where a thread opens in the web app: the process page with the thread, and for a step's or a
// field's thread the step (?group=&step=, as use-step-selection reads them).
export function threadLink(definition: WorkflowDefinition | null, thread: ThreadRef): string {
  const query = new URLSearchParams({ thread: String(thread.id) });
  if (thread.step_tag && definition) {
    const group = definition.step_groups.find((g) => g.steps.some((s) => s.tag === thread.step_tag));
    if (group) {
      query.set('group', group.tag);
      query.set('step', thread.step_tag);
    }
  }
  return `/process/${thread.workflow_id}?${query.toString()}`;
}

async function definitionOf(tx: Tx, tenantId: string, workflowId: string) {
  const definitionId = await workflowDefinitionId(tx, workflowId);
  return definitionId !== undefined ? loadDefinition(tx, tenantId, definitionId) : null;
}

export async function mentionsChangedEvents(tx: Tx, tenantId: string, userIds: Iterable<string>) {
  const events: OutgoingEvent[] = [];
  for (const userId of new Set(userIds)) {
    events.push({
      channel: userChannel(tenantId, userId),
      type: 'mentions.changed',
      group: 'discussion',
      outcome: null,
      workflow_id: null,
      actor: null,
      data: { unread_count: await unreadMentionsOf(tx, userId) },
    });
  }
  return events;
}

export function threadMessageEvent(
  tenantId: string,
  thread: ThreadRef,
  messageId: string,
  action: 'posted' | 'edited' | 'deleted',
  actor: Actor,
): OutgoingEvent {
  return {
    channel: workflowChannel(tenantId, thread.workflow_id),
    type: 'thread.message',
    group: 'discussion',
    outcome: null,
    workflow_id: Number(thread.workflow_id),
    actor,
    data: { thread_id: Number(thread.id), message_id: Number(messageId), action },
  };
}

// Active subscribers of a thread who can still see its workflow.
async function subscribersOf(tx: Tx, thread: ThreadRef): Promise<string[]> {
  return [...(await usersSeeingWorkflow(tx, thread.workflow_id, await activeSubscriberIds(tx, thread.id)))];
}

// Everything a new comment causes, in the transaction that posts it (spec 1 §4): its author follows
// the thread; every other subscriber and every mentioned person gets a comment e-mail (a mentioned
// person even when unsubscribed) and a notification (a mention, else a comment on a followed
// thread); the workflow's open pages and the mentioned people's badges are told after commit.
export async function commentPosted(
  tx: Tx,
  tenantId: string,
  input: {
    thread: ThreadRef;
    messageId: string;
    authorId: string | null;
    actor: Actor;
    mentioned: string[];
    // False when the mentioned are told otherwise (an integration run notifies its starter itself).
    notifyMentioned?: boolean;
  },
): Promise<CommentEffects> {
  const { thread, messageId, authorId } = input;
  if (authorId !== null) await subscribeIfUndecided(tx, tenantId, thread.id, authorId);
  const mentioned = new Set(input.mentioned.filter((id) => id !== authorId));
  const subscribers = (await subscribersOf(tx, thread)).filter((id) => id !== authorId && !mentioned.has(id));
  const effects = await notifyComment(tx, tenantId, {
    thread,
    messageId,
    authorId,
    actor: input.actor,
    mentioned: [...mentioned],
    subscribers,
    notifyMentioned: input.notifyMentioned ?? true,
  });
  effects.events.unshift(threadMessageEvent(tenantId, thread, messageId, 'posted', input.actor));
  return effects;
}

// The e-mail items, notifications and badge events for the people a comment reaches.
export async function notifyComment(
  tx: Tx,
  tenantId: string,
  input: {
    thread: ThreadRef;
    messageId: string;
    authorId: string | null;
    actor: Actor;
    mentioned: string[];
    subscribers: string[];
    notifyMentioned?: boolean;
  },
): Promise<CommentEffects> {
  const { thread, messageId } = input;
  const items = [
    ...input.mentioned.map((user_id) => ({ user_id, reason: 'mentioned' as const })),
    ...input.subscribers.map((user_id) => ({ user_id, reason: 'subscribed' as const })),
  ];
  if (items.length > 0) {
    await insertEmailItems(
      tx,
      items.map((item) => ({ tenant_id: tenantId, message_id: messageId, ...item })),
    );
  }
  const definition = items.length > 0 ? await definitionOf(tx, tenantId, thread.workflow_id) : null;
  const link = threadLink(definition, thread);
  const params = { thread_id: Number(thread.id), message_id: Number(messageId), target: targetType(thread) };
  const common = {
    group: 'discussion' as const,
    outcome: null,
    actorId: input.authorId,
    workflowId: thread.workflow_id,
    params,
    link,
  };
  const notifications: NotificationInput[] = [
    ...(input.notifyMentioned === false ? [] : input.mentioned).map((userId) => ({
      ...common,
      userId,
      kind: 'mention' as const,
    })),
    ...input.subscribers.map((userId) => ({ ...common, userId, kind: 'thread_comment' as const })),
  ];
  const events = [
    ...(await mentionsChangedEvents(tx, tenantId, input.mentioned)),
    ...(await recordNotifications(tx, tenantId, notifications)),
  ];
  return { tenantId, events, emailUserIds: items.map((i) => i.user_id) };
}

// After the comment's transaction commits: publish its events, and schedule each recipient's
// comment e-mail THREAD_EMAIL_DELAY_SECONDS later (one job per person while one waits). A lost job
// leaves the items pending; the next comment or the sweep (thread-emails.ts) sends them.
export async function announceComment(
  deps: {
    realtime: RealtimePublisher;
    jobs: ThreadEmailJobSender | null;
    delaySeconds: number;
    log: (error: Error, context: string) => void;
  },
  effects: CommentEffects,
): Promise<void> {
  deps.realtime.publish(effects.events);
  if (!deps.jobs) return;
  for (const userId of new Set(effects.emailUserIds)) {
    const job: ThreadEmailJob = { tenantId: effects.tenantId, userId };
    try {
      await deps.jobs.send(THREAD_EMAIL_QUEUE, job, {
        singletonKey: threadEmailJobKey(job),
        startAfter: deps.delaySeconds,
      });
    } catch (error) {
      deps.log(error instanceof Error ? error : new Error(String(error)), 'thread e-mail dispatch');
    }
  }
}
