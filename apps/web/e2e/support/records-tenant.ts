import { PERMISSION_CODENAMES } from '@attest/shared';
import { DEMO_PASSWORD } from './browser.js';
import { createE2eTenant, grantFullRegion } from './tenants.js';

// The records journey's tenant (records-supplier.e2e.ts): a designer who also administers it, and a
// colleague who reads Arabic, both with every permission; no app, object type or record yet.

const ADMINISTRATORS = 'Administrators';
export const recordsPeople = {
  designer: { email: 'rita@records.test', first_name: 'Rita', last_name: 'Records' },
  arabic: { email: 'amal@records.test', first_name: 'Amal', last_name: 'Haddad' },
} as const;

export async function createRecordsTenant(): Promise<string> {
  const slug = await createE2eTenant({
    configuration: { supported_languages: ['en', 'ar'] },
    regions: [{ name: 'Europe', businessUnits: ['Procurement EU'] }],
    groups: [{ name: ADMINISTRATORS, permissions: PERMISSION_CODENAMES }],
    users: [
      { ...recordsPeople.designer, password: DEMO_PASSWORD, groups: [ADMINISTRATORS] },
      {
        ...recordsPeople.arabic,
        password: DEMO_PASSWORD,
        groups: [ADMINISTRATORS],
        prefered_language: 'ar',
      },
    ],
  });
  await grantFullRegion(slug, recordsPeople.designer.email, 'Europe');
  await grantFullRegion(slug, recordsPeople.arabic.email, 'Europe');
  return slug;
}
