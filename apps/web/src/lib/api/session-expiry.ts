import { LOGOUT_REDIRECT_DELAY_MS } from '@attest/shared';
import { currentLocation, loginPath, rememberNext } from '../navigation/next-url';
import { toast } from '../notifications/toast';
import { clearSessionData } from '../storage/clear-session-data';

let expiring = false;

// Spec 1 section 8, 401: log out and come back to the same page after signing in again.
// Many calls can fail at once; the first one runs the flow.
export function handleSessionExpired(): void {
  if (expiring) return;
  expiring = true;
  const next = currentLocation();
  toast.info('toasts.loggedOut', { id: 'session-expired' });
  clearSessionData();
  rememberNext(next);
  window.setTimeout(() => {
    window.location.assign(loginPath(next));
  }, LOGOUT_REDIRECT_DELAY_MS);
}

export function resetSessionExpiryForTests(): void {
  expiring = false;
}
