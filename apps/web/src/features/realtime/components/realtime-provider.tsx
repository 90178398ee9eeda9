import { userChannel } from '@attest/shared';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { authorizeChannel } from '../api/authorize-channel';
import { createSocket } from '../lib/create-socket';
import { type ChannelAuthorizer, RealtimeClient, type SocketFactory } from '../lib/realtime-client';

export type RealtimeSession = { client: RealtimeClient; tenantId: number; userId: number };

const RealtimeContext = createContext<RealtimeSession | null>(null);

export type RealtimeProviderProps = {
  // The signed-in user; null (signed out, or enrolling in MFA) opens no socket.
  user: { id: number; tenant_id: number } | null;
  children: ReactNode;
  // Tests hand in a fake socket and authoriser.
  createSocket?: SocketFactory;
  authorize?: ChannelAuthorizer;
};

// One socket for the signed-in user, holding their own channel for the whole session.
export function RealtimeProvider({
  user,
  children,
  createSocket: socketFactory = createSocket,
  authorize = authorizeChannel,
}: RealtimeProviderProps) {
  const [session, setSession] = useState<RealtimeSession | null>(null);
  const userId = user?.id;
  const tenantId = user?.tenant_id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one socket per user; factories are fixed for its life
  useEffect(() => {
    if (userId === undefined || tenantId === undefined) return;
    const client = new RealtimeClient({
      createSocket: socketFactory,
      authorize,
      onRefused: (channel, error) => console.warn('Real-time channel not joined:', channel, error ?? ''),
    });
    const release = client.hold(userChannel(tenantId, userId));
    client.start();
    setSession({ client, tenantId, userId });
    return () => {
      client.stop();
      release();
      setSession(null);
    };
  }, [userId, tenantId]);

  return <RealtimeContext.Provider value={session}>{children}</RealtimeContext.Provider>;
}

// Null outside a signed-in session (the hooks then do nothing).
export function useRealtimeSession(): RealtimeSession | null {
  return useContext(RealtimeContext);
}
