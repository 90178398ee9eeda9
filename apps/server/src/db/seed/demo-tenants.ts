import { COMPLETE_LOCALES, PERMISSION_CODENAMES, type PermissionCodename } from '@attest/shared';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Db } from '../database.js';
import { createTenant, type TenantSeed } from './create-tenant.js';
import { seedDemoHome } from './demo-home.js';
import { seedDemoImport } from './demo-import.js';
import { seedDemoPortfolio } from './demo-portfolio-seed.js';
import { seedDemoRecords } from './demo-records.js';
import { seedDemoReports } from './demo-reports.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

export const DEMO_PASSWORD = 'demo-password-2026';

const ANALYST_PERMISSIONS: PermissionCodename[] = [
  'can_view_dashboard',
  'can_view_tasks',
  'can_view_process_report',
  'can_view_alerts',
  'can_view_workflow_profile',
  'can_view_workflow_status',
  'can_view_progress_map',
  'can_view_activity_log',
];

const REGIONS = [
  { name: 'Europe', businessUnits: ['Procurement EU', 'Finance EU'] },
  { name: 'North America', businessUnits: ['Procurement NA', 'Legal NA'] },
  { name: 'Asia Pacific', businessUnits: ['Operations APAC'] },
];

function demoPeople(domain: string): TenantSeed['users'] {
  return [
    {
      email: `admin@${domain}`,
      password: DEMO_PASSWORD,
      first_name: 'Alex',
      last_name: 'Admin',
      groups: ['Administrators'],
    },
    {
      email: `analyst@${domain}`,
      password: DEMO_PASSWORD,
      first_name: 'Ana',
      last_name: 'Analyst',
      groups: ['Analysts'],
    },
    {
      email: `supplier@${domain}`,
      password: DEMO_PASSWORD,
      first_name: 'Sam',
      last_name: 'Supplier',
      kind: 2,
      groups: ['Suppliers'],
    },
  ];
}

const GROUPS: TenantSeed['groups'] = [
  { name: 'Administrators', permissions: PERMISSION_CODENAMES },
  { name: 'Analysts', permissions: ANALYST_PERMISSIONS },
  { name: 'Suppliers', permissions: ['can_view_tasks'] },
];

export const DEMO_TENANTS: TenantSeed[] = [
  {
    slug: 'acme',
    name: 'Acme Corporation',
    brand: 'default',
    configuration: {
      // Issue 19: every complete locale, so a demo shows them all (Hebrew and Arabic right to left).
      supported_languages: [...COMPLETE_LOCALES],
      custom_ui_labels: {
        banner_message: 'Quarterly supplier attestations are due on 15 December.',
        trigger: true,
        color: '#fff3bf',
        brandColor: '#1971c2',
        header_links: [
          {
            label: 'Policy library',
            label_translations: {
              ar: 'مكتبة السياسات',
              de: 'Richtlinienbibliothek',
              es: 'Biblioteca de políticas',
              fr: 'Bibliothèque des politiques',
              ja: 'ポリシーライブラリ',
            },
            url: 'https://policies.acme.test/',
          },
        ],
        specialFeatures: ['NEW_UI_ENABLED'],
        filter_placeholders: { Region: 'All regions', Business: 'All business units' },
      },
      // Issue 14: tenant texts carry their label in each language the tenant offers.
      support_links: [
        {
          label: 'Help centre',
          label_translations: {
            ar: 'مركز المساعدة',
            de: 'Hilfecenter',
            es: 'Centro de ayuda',
            fr: 'Centre d’aide',
            ja: 'ヘルプセンター',
          },
          url: 'https://support.acme.test/',
        },
      ],
      report_embed_url: 'https://reports.acme.test/embed',
    },
    regions: REGIONS,
    groups: GROUPS,
    users: demoPeople('acme.test'),
  },
  {
    slug: 'globex',
    name: 'Globex',
    brand: 'corporate-ownership',
    configuration: {
      supported_languages: ['en', 'de', 'fr'],
      custom_ui_labels: { brandColor: '#0c8599', header_links: [] },
      support_links: [
        {
          label: 'Globex service desk',
          label_translations: { de: 'Globex-Servicedesk', fr: 'Centre de services Globex' },
          url: 'https://desk.globex.test/',
        },
      ],
    },
    regions: REGIONS,
    groups: GROUPS,
    users: demoPeople('globex.test'),
  },
];

// Demo workflows per kind: globex shows a second tenant's few; acme gets the demo portfolio instead
// (demo-portfolio.ts: a few thousand, with real attachments).
const DEMO_WORKFLOWS_PER_KIND: Record<string, number> = { acme: 0, globex: 3 };
const DEMO_PORTFOLIO_TENANT = 'acme';

// First start only: an empty database gets the demo tenants. The workflow setup (teams, region
// access, definitions, demo workflows) runs once per demo tenant, so a database seeded before the
// workflow engine existed receives it on its next start.
// Most of the seed writes as the tables' owner (adminDb), naming the tenant in every query; the
// records and the import go through module code that relies on row-level security to keep to one
// tenant (createSeedRecords, the batch-imports services), so they run on the application's pool (db).
export async function seedDemoTenants(pools: { adminDb: Db; db: Db }, files: FileStore): Promise<boolean> {
  const { adminDb, db } = pools;
  const existing = await adminDb.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  let seeded = false;
  if (!existing) {
    for (const tenant of DEMO_TENANTS) await createTenant(adminDb, tenant);
    seeded = true;
  }
  for (const tenant of DEMO_TENANTS) {
    const row = await adminDb
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', tenant.slug)
      .executeTakeFirst();
    if (!row) continue;
    const setUp = await seedDemoWorkflowSetup(adminDb, row.id, {
      domain: `${tenant.slug}.test`,
      perKind: DEMO_WORKFLOWS_PER_KIND[tenant.slug] ?? 0,
    });
    if (setUp && tenant.slug === DEMO_PORTFOLIO_TENANT) {
      await seedDemoPortfolio(adminDb, row.id, { files, domain: `${tenant.slug}.test` });
      await seedDemoRecords(db, row.id, `admin@${tenant.slug}.test`);
      await seedDemoImport(db, row.id, { adminEmail: `admin@${tenant.slug}.test`, files });
      await seedDemoReports(adminDb, row.id, `admin@${tenant.slug}.test`);
      await seedDemoHome(adminDb, row.id);
    }
    seeded ||= setUp;
  }
  return seeded;
}
