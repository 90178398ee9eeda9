import type { PermissionCodename } from '@attest/shared';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant } from './tenants.js';

export const ADMIN = { email: 'admin@e2e.test', first_name: 'Alex', last_name: 'Admin' } as const;
export const ANALYST = { email: 'analyst@e2e.test', first_name: 'Ana', last_name: 'Analyst' } as const;

const ADMIN_PERMISSIONS: readonly PermissionCodename[] = [
  'can_view_dashboard',
  'can_access_admin_settings',
  'can_impersonate_users',
  'can_manage_third_party_users',
];

// A tenant of the journey's own with an administrator and an analyst, so sign-in state (an
// authenticator, a spent link, an impersonation) never leaks into the demo tenants.
export function createPeopleTenant(): Promise<string> {
  return createE2eTenant({
    groups: [
      { name: 'Administrators', permissions: ADMIN_PERMISSIONS },
      { name: 'Analysts', permissions: ['can_view_dashboard'] },
    ],
    users: [
      { ...ADMIN, password: DEMO_PASSWORD, groups: ['Administrators'] },
      { ...ANALYST, password: DEMO_PASSWORD, groups: ['Analysts'] },
    ],
  });
}
