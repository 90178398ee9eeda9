import {
  type Notification,
  NotificationSchema,
  type NotificationsPageSchema,
  parseChannel,
  type RealtimeEvent,
} from '@attest/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { mentionKeys } from '../../features/mentions/api/mention-keys';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationListParams,
  notificationKeys,
} from '../../features/notifications';
// The key factory alone: the studio's index holds its pages, which the router loads lazily.
import { studioKeys } from '../../features/studio/api/studio-keys';
import { workflowKeys } from '../../features/workflows';

type NotificationsPage = z.infer<typeof NotificationsPageSchema>;
type Count = { count: number };

export type RoutingContext = {
  queryClient: QueryClient;
  userId: number;
  // A new notification for the user (the toast); called once per notification.
  onNotification?: (notification: Notification) => void;
};

const countOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

// The first page of each notifications list gains the new row; later pages shift, so they refetch.
function prependNotification(queryClient: QueryClient, notification: Notification): boolean {
  let known = false;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: notificationKeys.lists() })) {
    const page = query.state.data as NotificationsPage | undefined;
    if (page?.results.some((n) => n.id === notification.id)) known = true;
  }
  if (known) return false;
  queryClient.setQueriesData<NotificationsPage>(
    {
      queryKey: notificationKeys.lists(),
      predicate: (query) => (query.queryKey[2] as NotificationListParams | undefined)?.page === 0,
    },
    (page) =>
      page && {
        ...page,
        count: page.count + 1,
        results: [notification, ...page.results].slice(0, NOTIFICATIONS_PAGE_SIZE),
      },
  );
  void queryClient.invalidateQueries({
    queryKey: notificationKeys.lists(),
    predicate: (query) => (query.queryKey[2] as NotificationListParams | undefined)?.page !== 0,
  });
  return true;
}

// What each event changes in the query cache. Views re-render from the cache: the mention badge,
// the bell, the notifications page, an open process page.
export function routeRealtimeEvent(
  event: RealtimeEvent,
  { queryClient, userId, onNotification }: RoutingContext,
) {
  const { data } = event;
  switch (event.type) {
    case 'mentions.changed': {
      const count = countOf(data.unread_count);
      if (count !== null) queryClient.setQueryData<Count>(mentionKeys.unreadCount(), { count });
      void queryClient.invalidateQueries({ queryKey: mentionKeys.list() });
      return;
    }
    case 'thread.message': {
      if (event.workflow_id !== null)
        void queryClient.invalidateQueries({ queryKey: mentionKeys.threads(event.workflow_id) });
      const threadId = idOf(data.thread_id);
      if (threadId !== null) void queryClient.invalidateQueries({ queryKey: mentionKeys.messages(threadId) });
      return;
    }
    case 'notification.created': {
      const parsed = NotificationSchema.safeParse(data);
      if (!parsed.success) return;
      if (!prependNotification(queryClient, parsed.data)) return;
      if (!parsed.data.is_read)
        queryClient.setQueryData<Count>(notificationKeys.unreadCount(), (c) => c && { count: c.count + 1 });
      onNotification?.(parsed.data);
      return;
    }
    case 'notifications.changed': {
      const count = countOf(data.unread_count);
      if (count !== null) queryClient.setQueryData<Count>(notificationKeys.unreadCount(), { count });
      return;
    }
    default:
      routeWorkflowEvent(event, queryClient, userId);
      routeStudioEvent(event, queryClient, userId);
  }
}

// A colleague changed something in the studio (a version, a stage, a deployment, a merge): the
// studio's views on screen refetch. A refusal or work started on a branch changed nothing stored.
function routeStudioEvent(event: RealtimeEvent, queryClient: QueryClient, userId: number) {
  if (!event.type.startsWith('studio.') || event.type === 'studio.branch_work') return;
  if (event.outcome === 'failed' || event.actor?.id === userId) return;
  void queryClient.invalidateQueries({ queryKey: studioKeys.all });
}

// Someone else changed a workflow this tab is watching: its detail and activity are refetched. The
// user's own changes are already in the cache (every action answers the new detail).
function routeWorkflowEvent(event: RealtimeEvent, queryClient: QueryClient, userId: number) {
  if (!event.type.startsWith('workflow.')) return;
  if (parseChannel(event.channel)?.kind !== 'workflow' || event.workflow_id === null) return;
  if (event.actor?.id === userId) return;
  void queryClient.invalidateQueries({ queryKey: workflowKeys.detail(event.workflow_id) });
  void queryClient.invalidateQueries({ queryKey: workflowKeys.activity(event.workflow_id) });
}

// After a reconnection: what may have changed unheard is fetched again (only views on screen refetch).
export function refreshAfterReconnect(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: mentionKeys.all });
  void queryClient.invalidateQueries({ queryKey: workflowKeys.details() });
}
