import type { EventType, RealtimeEvent } from '@attest/shared';
import { useEffect, useRef } from 'react';
import { useRealtimeSession } from '../components/realtime-provider';

// Calls the handler for every valid event of the given type(s) while the component is mounted.
export function useRealtimeEvent(
  types: EventType | readonly EventType[],
  handler: (event: RealtimeEvent) => void,
): void {
  const session = useRealtimeSession();
  const latest = useRef(handler);
  latest.current = handler;
  const key = typeof types === 'string' ? types : types.join(',');
  useEffect(() => {
    if (!session) return;
    const wanted = new Set(key.split(','));
    return session.client.subscribe((event) => {
      if (wanted.has(event.type)) latest.current(event);
    });
  }, [session, key]);
}

// Calls the handler after every reconnection: events sent while the socket was down are lost.
export function useRealtimeReconnect(handler: () => void): void {
  const session = useRealtimeSession();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!session) return;
    return session.client.onReconnect(() => latest.current());
  }, [session]);
}
