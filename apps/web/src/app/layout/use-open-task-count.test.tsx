import { TASKS_PATHS } from '@attest/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider } from '../../features/realtime/components/realtime-provider';
import { FakeSocket, makeEvent } from '../../features/realtime/test/fake-socket';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useOpenTaskCount } from './use-open-task-count';

afterEach(() => vi.unstubAllGlobals());

function Count({ enabled }: { enabled: boolean }) {
  return <p data-testid="count">{String(useOpenTaskCount(enabled))}</p>;
}

function renderCount(enabled: boolean) {
  const socket = new FakeSocket();
  const user = makeUser({ id: 1, tenant_id: 1 });
  renderWithProviders(
    <RealtimeProvider user={user} createSocket={() => socket} authorize={async () => true}>
      <Count enabled={enabled} />
    </RealtimeProvider>,
  );
  act(() => socket.connect());
  return socket;
}

describe("the header's open-task count", () => {
  it("is the person's own tasks, asked again when a task of theirs changes", async () => {
    let mine = 3;
    const fetchMock = mockApi({
      [TASKS_PATHS.counts]: () => ({ body: { mine, group: 1, delegated: 0, all: null } }),
    });
    const socket = renderCount(true);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('3'));
    mine = 4;
    act(() =>
      socket.push(
        makeEvent({
          type: 'tasks.changed',
          group: 'step',
          workflow_id: 7,
          data: { workflow_id: 7, step_tag: 'a' },
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('4'));
    expect(callsTo(fetchMock, TASKS_PATHS.counts)).toHaveLength(2);
  });

  it('asks nothing for people who may not view tasks', async () => {
    const fetchMock = mockApi({});
    const socket = renderCount(false);
    act(() => socket.push(makeEvent({ type: 'tasks.changed', group: 'step' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('count').textContent).toBe('null');
    expect(callsTo(fetchMock, TASKS_PATHS.counts)).toHaveLength(0);
  });
});
