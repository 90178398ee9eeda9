import {
  REALTIME_LEAVE_EVENT,
  REALTIME_SOCKET_EVENT,
  type RealtimeEvent,
  RealtimeEventSchema,
} from '@attest/shared';

// The little of a socket.io client socket this code uses, so tests can hand in a fake one.
export type RealtimeSocket = {
  readonly id: string | undefined;
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
};

export type SocketFactory = () => RealtimeSocket;
export type ChannelAuthorizer = (socketId: string, channelName: string) => Promise<boolean>;
export type RealtimeListener = (event: RealtimeEvent) => void;

type Options = {
  createSocket: SocketFactory;
  authorize: ChannelAuthorizer;
  // A channel the server refused or could not authorise (logged, never shown: the page works without).
  onRefused?: (channelName: string, error?: unknown) => void;
};

// One connection per signed-in browser tab. Channels are reference-counted: the user's own channel
// is held for the whole session, a workflow's while a page shows it. After every (re)connect the
// socket is new to the server, so each held channel is authorised again.
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private readonly holds = new Map<string, number>();
  private readonly listeners = new Set<RealtimeListener>();
  private readonly reconnectListeners = new Set<() => void>();
  private connections = 0;

  constructor(private readonly options: Options) {}

  start(): void {
    if (this.socket) return;
    const socket = this.options.createSocket();
    this.socket = socket;
    socket.on('connect', () => {
      for (const channel of this.holds.keys()) void this.join(socket, channel);
      this.connections += 1;
      // Whatever happened while the connection was down was never heard: say so, so views refetch.
      if (this.connections > 1) for (const listener of [...this.reconnectListeners]) listener();
    });
    socket.on(REALTIME_SOCKET_EVENT, ((payload: unknown) => this.dispatch(payload)) as (
      ...args: never[]
    ) => void);
  }

  stop(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
  }

  // Holds a channel until the returned release is called (joins on the first hold, leaves on the last).
  hold(channelName: string): () => void {
    const count = this.holds.get(channelName) ?? 0;
    this.holds.set(channelName, count + 1);
    const socket = this.socket;
    if (count === 0 && socket?.connected) void this.join(socket, channelName);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(channelName) ?? 1) - 1;
      if (left > 0) {
        this.holds.set(channelName, left);
        return;
      }
      this.holds.delete(channelName);
      if (this.socket?.connected) this.socket.emit(REALTIME_LEAVE_EVENT, { channel: channelName });
    };
  }

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  // Called after each reconnection (not the first connection).
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  private async join(socket: RealtimeSocket, channelName: string): Promise<void> {
    const socketId = socket.id;
    if (!socketId) return;
    try {
      const ok = await this.options.authorize(socketId, channelName);
      if (!ok) this.options.onRefused?.(channelName);
    } catch (error) {
      this.options.onRefused?.(channelName, error);
    }
  }

  // Every envelope is checked against the contract; anything else is dropped, never half-read.
  private dispatch(payload: unknown): void {
    const parsed = RealtimeEventSchema.safeParse(payload);
    if (!parsed.success) return;
    // A late event for a channel this tab no longer holds (a leave still in flight) is not news.
    if (!this.holds.has(parsed.data.channel)) return;
    for (const listener of [...this.listeners]) listener(parsed.data);
  }
}
