import { useRealtimeSession } from '../components/realtime-provider';

// Logout closes the socket at once, before the page leaves for the sign-in screen.
export function useDisconnectRealtime(): () => void {
  const session = useRealtimeSession();
  return () => session?.client.stop();
}
