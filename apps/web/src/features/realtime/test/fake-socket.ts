import { REALTIME_SOCKET_EVENT, type RealtimeEvent } from '@attest/shared';
import type { RealtimeSocket } from '../lib/realtime-client';

type Listener = (...args: unknown[]) => void;

// A socket.io client socket without a server: tests connect it, drop it and push envelopes.
export class FakeSocket implements RealtimeSocket {
  id: string | undefined = undefined;
  connected = false;
  disconnected = false;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private connections = 0;

  on(event: string, listener: (...args: never[]) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect() {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  // A (re)connection: socket.io gives the socket a new id each time.
  connect() {
    this.connections += 1;
    this.id = `socket-${this.connections}`;
    this.connected = true;
    this.fire('connect');
  }

  drop() {
    this.connected = false;
    this.id = undefined;
    this.fire('disconnect', 'transport close');
  }

  push(payload: unknown) {
    this.fire(REALTIME_SOCKET_EVENT, payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export function makeEvent(overrides: Partial<RealtimeEvent> = {}): RealtimeEvent {
  return {
    id: 'event-1',
    channel: 'private-tenant-1-user-1',
    type: 'mentions.changed',
    group: 'discussion',
    outcome: null,
    workflow_id: null,
    actor: null,
    at: '2026-11-22T08:00:00.000Z',
    data: {},
    ...overrides,
  };
}
