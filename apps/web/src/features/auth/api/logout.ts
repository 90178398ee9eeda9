import { LOGOUT_REDIRECT_DELAY_MS, LogoutResponseSchema } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { toast } from '../../../lib/notifications/toast';
import { clearSessionData } from '../../../lib/storage/clear-session-data';

export async function logout(): Promise<string | null> {
  const { redirect_url } = await http.get('users/logout/', LogoutResponseSchema);
  return redirect_url;
}

// Spec 1 section 4: clear what the browser holds, then leave after 1 s, to the SSO provider's
// redirect_url when there is one. A full navigation also drops every in-memory cache.
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: (redirectUrl) => {
      toast.info(redirectUrl ? 'toasts.beingLoggedOut' : 'toasts.loggedOut', {
        id: 'logout',
        loading: true,
        autoClose: false,
      });
      clearSessionData();
      window.setTimeout(() => window.location.assign(redirectUrl ?? '/login'), LOGOUT_REDIRECT_DELAY_MS);
    },
    onError: () => toast.error('auth.logoutFailed', { id: 'logout-failed' }),
  });
}
