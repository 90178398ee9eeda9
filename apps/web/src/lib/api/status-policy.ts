import { toast } from '../notifications/toast';
import { toApiPath } from './api-url';
import { handleSessionExpired } from './session-expiry';

// Spec 1 section 6: these calls answer 401 as a normal "signed out" state, not an expired session.
const SESSION_EXPIRY_EXEMPT = ['users/me/', 'users/login_using_mfa/', 'users/permissions/'] as const;

export function isSessionExpiryExempt(path: string): boolean {
  const bare = toApiPath(path.split('?')[0] ?? path);
  return SESSION_EXPIRY_EXEMPT.some((exempt) => bare === exempt);
}

export type StatusOutcome = 'reject' | 'hang';

// The app-wide reaction to an error status the caller did not claim for itself.
export function applyStatusPolicy(path: string, status: number): StatusOutcome {
  switch (status) {
    case 401:
      if (!isSessionExpiryExempt(path)) handleSessionExpired();
      return 'reject';
    case 403:
      // Spec 1 section 6: warn and leave the call unresolved, so no screen renders a half-state.
      toast.warning('toasts.insufficientPermissions', { id: 'insufficient-permissions' });
      return 'hang';
    case 503:
      toast.error('toasts.serviceUnavailable', { id: 'service-unavailable' });
      return 'reject';
    default:
      return 'reject';
  }
}
