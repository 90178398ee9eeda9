import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { appRoleUrl, createDb } from '../db/database.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { ensureAppRole, migrateToLatest } from '../db/migrate.js';
import { freePort } from './free-port.js';

export const TEST_APP_ROLE = 'attest_app';
export const TEST_APP_PASSWORD = 'attest-app-test-only';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    appUrl: string;
  }
}

// One database for the whole run; every test builds its own tenants, so files never share rows.
export default async function setup(project: TestProject) {
  const dataDir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), 'attest-test-pg-'));
  const embedded = dataDir ? await startEmbeddedPostgres({ dataDir, port: await freePort() }) : null;
  const adminUrl = process.env.DATABASE_URL ?? embedded?.url ?? '';
  const adminDb = createDb({ connectionString: adminUrl, max: 1, onPoolError: () => {} });
  await migrateToLatest(adminDb as Kysely<unknown>);
  await ensureAppRole(adminDb as Kysely<unknown>, TEST_APP_ROLE, TEST_APP_PASSWORD);
  await adminDb.destroy();
  project.provide('adminUrl', adminUrl);
  project.provide('appUrl', appRoleUrl(adminUrl, TEST_APP_ROLE, TEST_APP_PASSWORD));
  return async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
