import { REALTIME_LEAVE_EVENT } from '@attest/shared';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket, makeEvent } from '../test/fake-socket';
import { RealtimeClient } from './realtime-client';

const USER = 'private-tenant-1-user-1';
const WORKFLOW = 'private-tenant-1-workflow-7';

function setup(authorize = vi.fn(async () => true)) {
  const socket = new FakeSocket();
  const client = new RealtimeClient({ createSocket: () => socket, authorize });
  return { socket, client, authorize };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RealtimeClient', () => {
  it('authorises every held channel with the socket id once connected, and again after a reconnect', async () => {
    const { socket, client, authorize } = setup();
    client.hold(USER);
    client.start();
    expect(authorize).not.toHaveBeenCalled();
    socket.connect();
    client.hold(WORKFLOW);
    await flush();
    expect(authorize.mock.calls).toEqual([
      ['socket-1', USER],
      ['socket-1', WORKFLOW],
    ]);

    socket.drop();
    socket.connect();
    await flush();
    expect(authorize.mock.calls.slice(2)).toEqual([
      ['socket-2', USER],
      ['socket-2', WORKFLOW],
    ]);
  });

  it('counts holds: a second view of a workflow shares the join, the last to go leaves', async () => {
    const { socket, client, authorize } = setup();
    client.start();
    socket.connect();
    const first = client.hold(WORKFLOW);
    const second = client.hold(WORKFLOW);
    await flush();
    expect(authorize).toHaveBeenCalledTimes(1);
    first();
    first();
    expect(socket.emitted).toEqual([]);
    second();
    expect(socket.emitted).toEqual([{ event: REALTIME_LEAVE_EVENT, args: [{ channel: WORKFLOW }] }]);
    // A released channel is not joined again on the next connection.
    socket.drop();
    socket.connect();
    await flush();
    expect(authorize).toHaveBeenCalledTimes(1);
  });

  it('hands listeners only valid envelopes, of channels it holds', () => {
    const { socket, client } = setup();
    const listener = vi.fn();
    client.subscribe(listener);
    client.hold(USER);
    client.start();
    socket.connect();

    socket.push(makeEvent({ id: 'ok' }));
    socket.push({ ...makeEvent(), type: 'workflow.exploded' });
    socket.push({ ...makeEvent(), actor: { id: 'x' } });
    socket.push('not an envelope');
    socket.push(null);
    socket.push(makeEvent({ id: 'other-user', channel: 'private-tenant-1-user-2' }));

    expect(listener.mock.calls.map(([event]) => event.id)).toEqual(['ok']);
  });

  it('reports a refused channel and keeps working', async () => {
    const onRefused = vi.fn();
    const socket = new FakeSocket();
    const authorize = vi.fn(async (_: string, channel: string) => {
      if (channel === WORKFLOW) return false;
      return true;
    });
    const client = new RealtimeClient({ createSocket: () => socket, authorize, onRefused });
    client.hold(USER);
    client.hold(WORKFLOW);
    client.start();
    socket.connect();
    await flush();
    expect(onRefused).toHaveBeenCalledWith(WORKFLOW);
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it('disconnects on stop', () => {
    const { socket, client } = setup();
    client.start();
    socket.connect();
    client.stop();
    expect(socket.disconnected).toBe(true);
  });
});
