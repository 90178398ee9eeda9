import {
  type EventGroup,
  type EventOutcome,
  type Notification,
  type NotificationKind,
  notificationLevel,
  userChannel,
} from '@attest/shared';
import type { OutgoingEvent } from '../../platform/realtime/realtime-publisher.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleWorkflowsFilter } from '../workflows/index.js';

// What a module asks to tell a user; the level follows from the outcome (spec 1 §4), 'info' when the
// notification is not about a long action (a mention, a comment).
export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  group: EventGroup;
  outcome: EventOutcome | null;
  actorId: string | null;
  workflowId: string | null;
  params: Record<string, string | number | null>;
  link: string | null;
};

// A user's notifications: their own, and only those about a workflow they can still see (or about
// none). Losing access to a workflow hides what it told them, as it hides its mentions.
export function userNotifications(tx: Tx, userId: string) {
  return tx
    .selectFrom('notifications as n')
    .leftJoin('workflows as w', (j) =>
      j.onRef('w.tenant_id', '=', 'n.tenant_id').onRef('w.id', '=', 'n.workflow_id'),
    )
    .where('n.user_id', '=', userId)
    .where((eb) => eb.or([eb('n.workflow_id', 'is', null), visibleWorkflowsFilter(userId)(eb)]));
}

export function notificationsQuery(tx: Tx, userId: string) {
  return userNotifications(tx, userId)
    .leftJoin('users as a', (j) =>
      j.onRef('a.tenant_id', '=', 'n.tenant_id').onRef('a.id', '=', 'n.actor_id'),
    )
    .select([
      'n.id',
      'n.kind',
      'n.event_group',
      'n.outcome',
      'n.level',
      'n.params',
      'n.link',
      'n.read_at',
      'n.created_at',
      'n.actor_id',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      'a.email as actor_email',
      'n.workflow_id',
      'w.name as workflow_name',
    ]);
}

export type NotificationRow = Awaited<
  ReturnType<ReturnType<typeof notificationsQuery>['executeTakeFirstOrThrow']>
>;

// A page of the user's notifications, newest first, and how many there are in all.
export async function notificationsPage(
  tx: Tx,
  userId: string,
  filter: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; count: number }> {
  let rows = notificationsQuery(tx, userId);
  let total = userNotifications(tx, userId);
  if (filter.unreadOnly) {
    rows = rows.where('n.read_at', 'is', null);
    total = total.where('n.read_at', 'is', null);
  }
  const [page, count] = await Promise.all([
    rows.orderBy('n.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    total.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, count: Number(count.n) };
}

// One of the user's own notifications, as userNotifications sees it.
export function findUserNotification(tx: Tx, userId: string, id: string) {
  return userNotifications(tx, userId)
    .select(['n.id', 'n.read_at'])
    .where('n.id', '=', id)
    .executeTakeFirst();
}

export async function setNotificationRead(tx: Tx, id: string): Promise<void> {
  await tx.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id).execute();
}

// Marks all the user's unread notifications read; answers the ids it marked.
export function markUnreadNotificationsRead(tx: Tx, userId: string) {
  return tx
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
}

export function toNotification(row: NotificationRow): Notification {
  const actorName =
    `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim() || row.actor_email || '';
  return {
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    group: row.event_group as EventGroup,
    outcome: row.outcome,
    level: row.level,
    actor: row.actor_id !== null ? { id: Number(row.actor_id), name: actorName } : null,
    workflow:
      row.workflow_id !== null ? { id: Number(row.workflow_id), name: row.workflow_name ?? '' } : null,
    params: row.params,
    link: row.link,
    is_read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

export async function unreadNotificationsCount(tx: Tx, userId: string): Promise<number> {
  const row = await userNotifications(tx, userId)
    .where('n.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// The 'notifications.changed' event that tells a user's open pages their new unread count.
export function notificationsChangedEvent(
  tenantId: string,
  userId: string,
  unreadCount: number,
): OutgoingEvent {
  return {
    channel: userChannel(tenantId, userId),
    type: 'notifications.changed',
    group: 'notification',
    outcome: null,
    workflow_id: null,
    actor: null,
    data: { unread_count: unreadCount },
  };
}

// Records notifications in the caller's transaction and answers the events that announce them: one
// 'notification.created' per row (data: the Notification) and one 'notifications.changed' per user.
// The caller publishes them once its transaction has committed (the services' realtime publisher).
export async function recordNotifications(
  tx: Tx,
  tenantId: string,
  inputs: NotificationInput[],
): Promise<OutgoingEvent[]> {
  if (inputs.length === 0) return [];
  const inserted = await tx
    .insertInto('notifications')
    .values(
      inputs.map((input) => ({
        tenant_id: tenantId,
        user_id: input.userId,
        kind: input.kind,
        event_group: input.group,
        outcome: input.outcome,
        level: input.outcome ? notificationLevel(input.outcome) : 'info',
        actor_id: input.actorId,
        workflow_id: input.workflowId,
        params: JSON.stringify(input.params),
        link: input.link,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();

  const events: OutgoingEvent[] = [];
  const users = [...new Set(inserted.map((r) => r.user_id))];
  for (const userId of users) {
    const ids = inserted.filter((r) => r.user_id === userId).map((r) => r.id);
    // Read back through the user's own view, so a notification about a workflow they cannot see is
    // kept but not announced.
    const rows = await notificationsQuery(tx, userId).where('n.id', 'in', ids).orderBy('n.id').execute();
    for (const row of rows) {
      const notification = toNotification(row);
      events.push({
        channel: userChannel(tenantId, userId),
        type: 'notification.created',
        group: notification.group,
        outcome: notification.outcome,
        workflow_id: notification.workflow?.id ?? null,
        actor: notification.actor,
        data: notification,
      });
    }
    events.push(notificationsChangedEvent(tenantId, userId, await unreadNotificationsCount(tx, userId)));
  }
  return events;
}
