import { DEFAULT_LOCALE, type User } from '@attest/shared';
import type { AuthState, Tenant } from '../../platform/request-context.js';

// Product features derived from permissions (spec 1 section 3: features includes view_reports).
function featuresOf(auth: AuthState): string[] {
  return auth.permissions.has('can_view_process_report') ? ['view_reports'] : [];
}

export function toUserDto(tenant: Tenant, auth: AuthState, groups: { id: string; name: string }[]): User {
  const { user } = auth;
  return {
    id: Number(user.id),
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    tenant: tenant.slug,
    csrf: auth.csrfToken,
    prefered_language: user.prefered_language ?? DEFAULT_LOCALE,
    timezone: user.timezone,
    mfa: { requires_mfa_verification: false },
    sessionId: auth.sessionId,
    kind: user.kind,
    groups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
    user_profile_workflow:
      user.user_profile_workflow_id === null ? null : Number(user.user_profile_workflow_id),
    features: featuresOf(auth),
  };
}
