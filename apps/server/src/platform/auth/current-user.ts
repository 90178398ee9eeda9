import { DEFAULT_LOCALE, type User } from '@attest/shared';
import type { AuthState, Tenant } from '../request-context.js';
import type { Tx } from '../tenant-transaction.js';
import { sessionsRepository } from './sessions.repository.js';
import { userTotpRepository } from './user-totp.repository.js';

// Product features derived from permissions (spec 1 section 3: features includes view_reports).
function featuresOf(auth: AuthState): string[] {
  return auth.permissions.has('can_view_process_report') ? ['view_reports'] : [];
}

// The signed-in user as the web app sees it (GET users/me/ and every successful sign-in).
export async function currentUserDto(tx: Tx, tenant: Tenant, auth: AuthState): Promise<User> {
  const { user } = auth;
  const groups = await sessionsRepository.groupsOf(tx, user.id);
  const enrolled = await userTotpRepository.hasConfirmed(tx, user.id);
  return {
    id: Number(user.id),
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    tenant: tenant.slug,
    tenant_id: Number(tenant.id),
    csrf: auth.csrfToken,
    prefered_language: user.prefered_language ?? DEFAULT_LOCALE,
    timezone: user.timezone,
    mfa: {
      requires_mfa_verification: false,
      enrolled,
      enrolment_required: auth.mfaEnrolmentRequired,
    },
    sessionId: auth.sessionId,
    kind: user.kind,
    groups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
    user_profile_workflow:
      user.user_profile_workflow_id === null ? null : Number(user.user_profile_workflow_id),
    features: featuresOf(auth),
    impersonator: auth.impersonator
      ? { id: Number(auth.impersonator.userId), name: auth.impersonator.name, email: auth.impersonator.email }
      : null,
  };
}
