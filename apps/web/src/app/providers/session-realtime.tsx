import { EVENT_TYPES } from '@attest/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { useSignedInUser } from '../../features/auth';
import { showNotificationToast } from '../../features/notifications';
import {
  RealtimeProvider,
  type RealtimeProviderProps,
  StudioEventToasts,
  useRealtimeEvent,
  useRealtimeReconnect,
} from '../../features/realtime';
import { refreshAfterReconnect, routeRealtimeEvent } from './realtime-routing';

// Every event into the query cache, and each new notification as a toast.
export function RealtimeCacheRouting({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRealtimeEvent(EVENT_TYPES, (event) =>
    routeRealtimeEvent(event, {
      queryClient,
      userId,
      onNotification: (notification) => showNotificationToast(notification, navigate),
    }),
  );
  useRealtimeReconnect(() => refreshAfterReconnect(queryClient));
  return null;
}

type Props = Pick<RealtimeProviderProps, 'createSocket' | 'authorize'>;

// The signed-in part of the app: one socket for the session. None while a required authenticator
// is being set up (the server answers nothing else then).
export function SessionRealtime(props: Props) {
  const user = useSignedInUser();
  const live = !user.mfa.enrolment_required;
  return (
    <RealtimeProvider user={live ? user : null} {...props}>
      <RealtimeCacheRouting userId={user.id} />
      <StudioEventToasts userId={user.id} />
      <Outlet />
    </RealtimeProvider>
  );
}
