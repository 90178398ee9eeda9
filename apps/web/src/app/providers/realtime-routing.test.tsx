import type { Notification } from '@attest/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../components/user-text';
import { mentionKeys } from '../../features/mentions/api/mention-keys';
import { notificationKeys } from '../../features/notifications/api/notification-keys';
import { RealtimeProvider } from '../../features/realtime/components/realtime-provider';
import { useWorkflowChannel } from '../../features/realtime/hooks/use-workflow-channel';
import { FakeSocket, makeEvent } from '../../features/realtime/test/fake-socket';
import { studioKeys } from '../../features/studio/api/studio-keys';
import { workflowKeys } from '../../features/workflows/api/workflow-keys';
import { createTestQueryClient } from '../../test/render';
import { RealtimeCacheRouting } from './session-realtime';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  error: vi.fn(),
  at: vi.fn(),
}));
vi.mock('../../lib/notifications/toast', () => ({ toast }));

afterEach(() => vi.clearAllMocks());

const ME = 1;
const USER_CHANNEL = 'private-tenant-3-user-1';
const WORKFLOW_CHANNEL = 'private-tenant-3-workflow-7';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 50,
    kind: 'integration_run',
    group: 'integration',
    outcome: 'failed',
    level: 'error',
    actor: null,
    workflow: { id: 7, name: 'Northwind onboarding' },
    params: { run_id: 9, step_tag: 'screening', step_name: 'Screening', connector: 'Sanctions API' },
    link: '/process/7?step=screening',
    is_read: false,
    created_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

const page = (results: Notification[], count = results.length) => ({
  results,
  count,
  next: null,
  previous: null,
});

// What an open process page does (LiveWorkflow): hold the workflow's channel.
function OpenWorkflow({ id }: { id: number }) {
  useWorkflowChannel(id);
  return null;
}

// The provider with a fake socket, the app's routing inside it, and a workflow channel held as an
// open process page would.
function setup(user: { id: number; tenant_id: number } | null = { id: ME, tenant_id: 3 }) {
  const queryClient = createTestQueryClient();
  const socket = new FakeSocket();
  const createSocket = vi.fn(() => socket);
  const authorize = vi.fn(async () => true);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RealtimeProvider user={user} createSocket={createSocket} authorize={authorize}>
            <RealtimeCacheRouting userId={ME} />
            <OpenWorkflow id={7} />
          </RealtimeProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  act(() => socket.connect());
  return { queryClient, socket, createSocket, authorize, view };
}

describe('real-time events into the query cache', () => {
  it('opens one socket for the signed-in user and authorises their own channel', async () => {
    const { createSocket, authorize } = setup();
    await vi.waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', USER_CHANNEL));
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL);
  });

  it('opens no socket when signed out', () => {
    const { createSocket } = setup(null);
    expect(createSocket).not.toHaveBeenCalled();
  });

  it('closes the socket when the session ends', () => {
    const { socket, view } = setup();
    view.unmount();
    expect(socket.disconnected).toBe(true);
  });

  it("sets the mention badge's count and refetches the mentions list on mentions.changed", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(mentionKeys.unreadCount(), { count: 0 });
    queryClient.setQueryData(mentionKeys.list(), { pages: [] });
    act(() => socket.push(makeEvent({ channel: USER_CHANNEL, data: { unread_count: 1 } })));
    expect(queryClient.getQueryData(mentionKeys.unreadCount())).toEqual({ count: 1 });
    expect(queryClient.getQueryState(mentionKeys.list())?.isInvalidated).toBe(true);
  });

  it("refetches a thread's messages and the workflow's threads on thread.message", () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(mentionKeys.threads(7), []);
    queryClient.setQueryData(mentionKeys.messages(12), []);
    queryClient.setQueryData(mentionKeys.messages(13), []);
    act(() =>
      socket.push(
        makeEvent({
          channel: USER_CHANNEL,
          type: 'thread.message',
          workflow_id: 7,
          data: { thread_id: 12, message_id: 3, action: 'posted' },
        }),
      ),
    );
    expect(queryClient.getQueryState(mentionKeys.threads(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(mentionKeys.messages(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(mentionKeys.messages(13))?.isInvalidated).toBe(false);
  });

  it('drops an envelope that does not match the contract', () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(mentionKeys.unreadCount(), { count: 2 });
    act(() =>
      socket.push({ ...makeEvent({ channel: USER_CHANNEL, data: { unread_count: 9 } }), at: undefined }),
    );
    act(() =>
      socket.push({
        ...makeEvent({ channel: USER_CHANNEL, data: { unread_count: 9 } }),
        type: 'mentions.gone',
      }),
    );
    expect(queryClient.getQueryData(mentionKeys.unreadCount())).toEqual({ count: 2 });
  });

  it("refetches an open workflow when someone else changes it, and not for the user's own change", async () => {
    const { queryClient, socket, authorize } = setup();
    queryClient.setQueryData(workflowKeys.detail(7), { id: 7 });
    queryClient.setQueryData(workflowKeys.activity(7), { pages: [] });
    await vi.waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL));

    const answered = makeEvent({
      channel: WORKFLOW_CHANNEL,
      type: 'workflow.answered',
      group: 'workflow_data_update',
      workflow_id: 7,
      data: { step_tag: 'intake', field_tags: ['name'] },
    });
    act(() => socket.push({ ...answered, actor: { id: ME, name: 'Ada Lovelace' } }));
    expect(queryClient.getQueryState(workflowKeys.detail(7))?.isInvalidated).toBe(false);

    act(() => socket.push({ ...answered, id: 'e2', actor: { id: 2, name: 'Ana Ortiz' } }));
    expect(queryClient.getQueryState(workflowKeys.detail(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(workflowKeys.activity(7))?.isInvalidated).toBe(true);
  });

  it('puts a new notification first, counts it unread and shows it once as a toast at its level', () => {
    const { queryClient, socket } = setup();
    const older = makeNotification({ id: 40, kind: 'mention', outcome: null, level: 'info', is_read: true });
    queryClient.setQueryData(notificationKeys.list({ page: 0, unreadOnly: false }), page([older], 21));
    queryClient.setQueryData(notificationKeys.list({ page: 1, unreadOnly: false }), page([older], 21));
    queryClient.setQueryData(notificationKeys.unreadCount(), { count: 4 });

    const created = makeEvent({
      channel: USER_CHANNEL,
      type: 'notification.created',
      group: 'integration',
      outcome: 'failed',
      data: makeNotification(),
    });
    act(() => socket.push(created));
    act(() => socket.push({ ...created, id: 'again' }));

    const first = queryClient.getQueryData<ReturnType<typeof page>>(
      notificationKeys.list({ page: 0, unreadOnly: false }),
    );
    expect(first?.results.map((n) => n.id)).toEqual([50, 40]);
    expect(first?.count).toBe(22);
    expect(
      queryClient.getQueryState(notificationKeys.list({ page: 1, unreadOnly: false }))?.isInvalidated,
    ).toBe(true);
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 5 });
    expect(toast.at).toHaveBeenCalledTimes(1);
    expect(toast.at).toHaveBeenCalledWith(
      'error',
      'realtime.outcome.failed',
      expect.objectContaining({
        id: 'integration-run-9-failed',
        message: `Integration Sanctions API on the step ${isolate('Screening')} · ${isolate('Northwind onboarding')}`,
      }),
    );
  });

  it('titles a notification without an outcome with what happened, at the level the server gave', () => {
    const { socket } = setup();
    const mention = makeNotification({
      id: 51,
      kind: 'mention',
      group: 'discussion',
      outcome: null,
      level: 'info',
      actor: { id: 2, name: 'Ana Ortiz' },
      params: { thread_id: 3, message_id: 4, target: 'field' },
    });
    act(() => socket.push(makeEvent({ channel: USER_CHANNEL, type: 'notification.created', data: mention })));
    expect(toast.at).toHaveBeenCalledWith(
      'info',
      'notifications.kind.mention',
      expect.objectContaining({
        id: 'notification-51',
        message: isolate('Northwind onboarding'),
        values: expect.objectContaining({ actor: isolate('Ana Ortiz') }),
      }),
    );
  });

  it('ignores a notification.created whose data is not a notification', () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(notificationKeys.unreadCount(), { count: 4 });
    act(() =>
      socket.push(makeEvent({ channel: USER_CHANNEL, type: 'notification.created', data: { id: 'x' } })),
    );
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 4 });
    expect(toast.at).not.toHaveBeenCalled();
  });

  it('sets the bell count on notifications.changed', () => {
    const { queryClient, socket } = setup();
    act(() =>
      socket.push(
        makeEvent({
          channel: USER_CHANNEL,
          type: 'notifications.changed',
          group: 'notification',
          data: { unread_count: 0 },
        }),
      ),
    );
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 0 });
  });

  it("refetches the studio's views when a colleague changes an app, not for a refusal, branch work or one's own change", () => {
    const { queryClient, socket } = setup();
    const key = studioKeys.app(3);
    const studioEvent = (overrides: Parameters<typeof makeEvent>[0]) =>
      makeEvent({
        channel: USER_CHANNEL,
        type: 'studio.package_versioning',
        group: 'package_versioning',
        outcome: 'completed',
        actor: { id: 2, name: 'Dora Designer' },
        data: { app_id: 3, action: 'version_created', version: '1.1' },
        ...overrides,
      });
    const invalidatedBy = (event: ReturnType<typeof makeEvent>) => {
      queryClient.setQueryData(key, { app: { id: 3 } });
      act(() => socket.push(event));
      return queryClient.getQueryState(key)?.isInvalidated;
    };
    expect(
      invalidatedBy(studioEvent({ outcome: 'failed', data: { app_id: 3, reason: 'not_frozen_version' } })),
    ).toBe(false);
    expect(invalidatedBy(studioEvent({ actor: { id: ME, name: 'Me' } }))).toBe(false);
    expect(
      invalidatedBy(
        studioEvent({
          type: 'studio.branch_work',
          group: 'branch_work',
          outcome: 'started',
          data: { app_id: 3 },
        }),
      ),
    ).toBe(false);
    expect(invalidatedBy(studioEvent({}))).toBe(true);
  });

  it('refetches what may have changed unheard after a reconnection, not after the first connection', () => {
    const { queryClient, socket } = setup();
    queryClient.setQueryData(notificationKeys.unreadCount(), { count: 1 });
    queryClient.setQueryData(mentionKeys.unreadCount(), { count: 1 });
    queryClient.setQueryData(workflowKeys.detail(7), { id: 7 });
    expect(queryClient.getQueryState(notificationKeys.unreadCount())?.isInvalidated).toBe(false);
    act(() => socket.drop());
    act(() => socket.connect());
    expect(queryClient.getQueryState(notificationKeys.unreadCount())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(mentionKeys.unreadCount())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(workflowKeys.detail(7))?.isInvalidated).toBe(true);
  });
});
