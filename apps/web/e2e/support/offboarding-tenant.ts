import { PERMISSION_CODENAMES } from '@attest/shared';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant, grantFullRegion } from './tenants.js';

// The vendor offboarding journey's tenant (studio-vendor-offboarding.e2e.ts): two designers and an
// analyst of its own, so its app list starts empty; and the axe check its pages pass.

const DESIGNERS = 'Designers';
export const people = {
  first: { email: 'dana@offboarding.test', first_name: 'Dana', last_name: 'Designer' },
  second: { email: 'dev@offboarding.test', first_name: 'Dev', last_name: 'Designer' },
  analyst: { email: 'ana@offboarding.test', first_name: 'Ana', last_name: 'Analyst' },
} as const;

export async function createOffboardingTenant(): Promise<string> {
  const created = await createE2eTenant({
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [
      { name: DESIGNERS, permissions: PERMISSION_CODENAMES },
      {
        name: 'Analysts',
        permissions: [
          'can_view_dashboard',
          'can_view_tasks',
          'can_submit_step',
          'can_view_process_report',
          'can_view_workflow_profile',
          'can_view_workflow_status',
          'can_view_progress_map',
          'can_view_activity_log',
        ],
      },
    ],
    users: [
      { ...people.first, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.second, password: DEMO_PASSWORD, groups: [DESIGNERS] },
      { ...people.analyst, password: DEMO_PASSWORD, groups: ['Analysts'] },
    ],
  });
  await grantFullRegion(created, people.analyst.email, 'Europe');
  return created;
}
