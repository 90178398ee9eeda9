import { toast } from '../notifications/toast';
import { toApiPath } from './api-url';
import { handleSessionExpired } from './session-expiry';

// Spec 1 section 6: these calls answer 401 as a normal "signed out" state, not an expired session.
const SESSION_EXPIRY_EXEMPT = ['users/me/', 'users/login_using_mfa/', 'users/permissions/'] as const;

export function isSessionExpiryExempt(path: string): boolean {
  const bare = toApiPath(path.split('?')[0] ?? path);
  return SESSION_EXPIRY_EXEMPT.some((exempt) => bare === exempt);
}

// Spec 1 §6: a refused subscription call shows its own message (spec 1 §8), not the global warning.
const FORBIDDEN_WARNING_EXEMPT = [
  /^thread-subscriptions\/(\d+\/)?$/,
  /^threads\/\d+\/subscription\/$/,
  /^workflow-reports\/user-list-for-subscription\/$/,
] as const;

export function isForbiddenWarningExempt(path: string): boolean {
  const bare = toApiPath(path.split('?')[0] ?? path);
  return FORBIDDEN_WARNING_EXEMPT.some((pattern) => pattern.test(bare));
}

export type StatusOutcome = 'reject' | 'hang';

// The app-wide reaction to an error status the caller did not claim for itself.
export function applyStatusPolicy(path: string, status: number): StatusOutcome {
  switch (status) {
    case 401:
      if (!isSessionExpiryExempt(path)) handleSessionExpired();
      return 'reject';
    case 403:
      if (isForbiddenWarningExempt(path)) return 'reject';
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
