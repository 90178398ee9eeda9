import { BATCH_IMPORT_PATHS, type PermissionCodename } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { grant } from './admin-fixtures.js';
import { recordsTestTenant } from './record-fixtures.js';
import type { TestClient } from './test-app.js';

const IMPORT_PERMISSIONS: PermissionCodename[] = ['can_view_import_pipeline', 'can_perform_batch_import'];

// The records tenant (a supplier type: name, unique VAT number, country, e-mail, employees) whose admin
// may also view and perform imports; the member may not.
export async function importsTestTenant(app: FastifyInstance, adminDb: Db) {
  const tenant = await recordsTestTenant(app, adminDb);
  await grant(adminDb, tenant.id, tenant.users.admin, IMPORT_PERMISSIONS);
  return tenant;
}

// POST the bytes as the web app does: the raw body, the name in X-File-Name.
export function uploadFile(
  client: TestClient,
  body: Buffer | string,
  options: { fileName?: string; objectType?: string } = {},
) {
  return client.request({
    method: 'POST',
    url: `${BATCH_IMPORT_PATHS.imports}?target=records&object_type=${options.objectType ?? 'supplier'}`,
    payload: typeof body === 'string' ? Buffer.from(body) : body,
    headers: {
      'content-type': 'text/csv',
      'x-file-name': encodeURIComponent(options.fileName ?? 'suppliers.csv'),
    },
  });
}

// The staged rows and imports of a tenant, read as the migrating role, to show a refusal left none.
export async function importRowCounts(adminDb: Db, tenantId: string) {
  const count = async (table: 'batch_imports' | 'batch_import_rows') => {
    const row = await adminDb
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { imports: await count('batch_imports'), rows: await count('batch_import_rows') };
}

// The lines of a results file (RFC 4180, as the exports' writer makes it; no cell here holds a line
// break), each as its cells.
export function resultsCsvRows(text: string): string[][] {
  const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => unquote(m[1] ?? '')),
    );
}
