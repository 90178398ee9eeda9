import { WORKFLOW_PATHS, type WorkflowDetail } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../components/user-text';
import { authKeys } from '../../features/auth/api/auth-keys';
import { RealtimeProvider } from '../../features/realtime/components/realtime-provider';
import { FakeSocket, makeEvent } from '../../features/realtime/test/fake-socket';
import { jsonResponse } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { makeWorkflowDetail } from '../../test/workflow-fixture';
import { RealtimeCacheRouting } from '../providers/session-realtime';
import { ProcessPage } from './process-pages';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  error: vi.fn(),
  at: vi.fn(),
}));
vi.mock('../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const WORKFLOW_CHANNEL = 'private-tenant-1-workflow-7';
const EMPTY_PAGE = { results: [], count: 0, next: null, previous: null };

// The server's copy of the workflow, which another user changes during the test.
function mockServer(initial: WorkflowDetail) {
  const server = { detail: initial, detailReads: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === WORKFLOW_PATHS.workflow(7)) {
        server.detailReads += 1;
        return jsonResponse({ body: server.detail });
      }
      if (method === 'GET' && path === WORKFLOW_PATHS.activity(7)) return jsonResponse({ body: EMPTY_PAGE });
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return server;
}

// The signed-in frame with its socket (a fake one) and the process page under it.
function renderLiveProcessPage() {
  const socket = new FakeSocket();
  const authorize = vi.fn(async () => true);
  const queryClient = createTestQueryClient();
  const user = makeUser({ id: 1, tenant_id: 1 });
  queryClient.setQueryData(authKeys.currentUser(), user);
  const frame = (
    <RealtimeProvider user={user} createSocket={() => socket} authorize={authorize}>
      <RealtimeCacheRouting userId={user.id} />
      <Outlet />
    </RealtimeProvider>
  );
  const view = renderRoutes(
    [
      {
        element: frame,
        children: [
          { path: '/process/:id', element: <ProcessPage /> },
          { path: '/elsewhere', element: <p>elsewhere</p> },
        ],
      },
    ],
    {
      url: '/process/7',
      queryClient,
    },
  );
  act(() => socket.connect());
  return { ...view, socket, authorize };
}

const answeredBy = (actor: { id: number; name: string }, id = 'e1') =>
  makeEvent({
    id,
    channel: WORKFLOW_CHANNEL,
    type: 'workflow.answered',
    group: 'workflow_data_update',
    workflow_id: 7,
    actor,
    data: { step_tag: 'supplier_onboarding__intake__details', field_tags: [F.contactEmail, F.supplierName] },
  });

describe('the process page, live', () => {
  it("shows another user's answers without losing what the user is typing, with a notice", async () => {
    const server = mockServer(makeWorkflowDetail());
    const { socket, authorize } = renderLiveProcessPage();
    const name = (await screen.findByLabelText(/Supplier legal name/)) as HTMLInputElement;
    await waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL));

    // Typing, not yet saved (no blur).
    fireEvent.change(name, { target: { value: 'Northwind Log' } });

    // Meanwhile Ana answers the e-mail, and the name too.
    server.detail = makeWorkflowDetail({
      answers: { [F.contactEmail]: 'ops@northwind.test', [F.supplierName]: 'Ana’s name' },
    });
    const reads = server.detailReads;
    act(() => socket.push(answeredBy({ id: 2, name: 'Ana Ortiz' })));

    const email = screen.getByLabelText(/Supplier contact e-mail/) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('ops@northwind.test'));
    expect(server.detailReads).toBe(reads + 1);
    expect(name.value).toBe('Northwind Log');
    expect(toast.info).toHaveBeenCalledWith('realtime.workflowUpdated', {
      id: 'workflow-updated-7-2',
      values: { name: isolate('Ana Ortiz') },
    });
  });

  it("neither refetches nor notices the user's own changes", async () => {
    const server = mockServer(makeWorkflowDetail());
    const { socket, authorize } = renderLiveProcessPage();
    await screen.findByLabelText(/Supplier legal name/);
    await waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL));
    const reads = server.detailReads;
    act(() => socket.push(answeredBy({ id: 1, name: 'Ada Lovelace' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.detailReads).toBe(reads);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it("toasts an integration run's outcome at its level", async () => {
    mockServer(makeWorkflowDetail());
    const { socket, authorize } = renderLiveProcessPage();
    await screen.findByLabelText(/Supplier legal name/);
    await waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL));
    act(() =>
      socket.push(
        makeEvent({
          channel: WORKFLOW_CHANNEL,
          type: 'workflow.integration_run',
          group: 'integration',
          outcome: 'queued',
          workflow_id: 7,
          data: { run_id: 5, step_tag: 'screening', connector: 'Sanctions API' },
        }),
      ),
    );
    expect(toast.at).toHaveBeenCalledWith('warning', 'realtime.outcome.queued', {
      id: 'integration-run-5-queued',
      message: 'Integration: Sanctions API',
    });
  });

  it('leaves the workflow channel when the page closes', async () => {
    mockServer(makeWorkflowDetail());
    const { socket, authorize, router } = renderLiveProcessPage();
    await screen.findByLabelText(/Supplier legal name/);
    await waitFor(() => expect(authorize).toHaveBeenCalledWith('socket-1', WORKFLOW_CHANNEL));
    await act(() => router.navigate('/elsewhere'));
    expect(socket.emitted).toEqual([{ event: 'leave', args: [{ channel: WORKFLOW_CHANNEL }] }]);
    expect(socket.disconnected).toBe(false);
  });
});
