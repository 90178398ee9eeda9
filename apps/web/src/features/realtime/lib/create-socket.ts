import { REALTIME_SOCKET_PATH } from '@attest/shared';
import { io } from 'socket.io-client';
import type { RealtimeSocket } from './realtime-client';

// Same origin (the tenant is the host), the session cookie with it. WebSocket first, long polling
// when a proxy refuses the upgrade; socket.io reconnects with a growing, jittered delay.
export function createSocket(): RealtimeSocket {
  return io({
    path: REALTIME_SOCKET_PATH,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  });
}
