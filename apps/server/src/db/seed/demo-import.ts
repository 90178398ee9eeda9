import type { BatchImport, ImportColumn } from '@attest/shared';
import { SUPPLIER_OBJECT_TYPE } from '@attest/shared/testing';
import { seedRecordsImport } from '../../modules/batch-imports/index.js';
import { actingUser } from '../../platform/auth/acting-user.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import type { Db } from '../database.js';
import { countryFor, newSupplier } from './demo-names.js';
import { createRandom } from './demo-random.js';

// Plan §8 step 4: the supplier master data a buyer imported, so /batch-imports shows a finished
// import with its results file. 120 more suppliers than the onboardings name; three rows are bad.
export const DEMO_IMPORT_FILE = 'supplier-master-data.csv';
export const DEMO_IMPORT_ROWS = 120;
// Row numbers as the results file counts them (the header is not a row).
export const DEMO_IMPORT_BAD_ROWS = { badEmail: 23, missingName: 61, duplicateVat: 98 } as const;
// The row whose VAT number the duplicate repeats.
const VAT_TAKEN_FROM = 35;

const HEADERS = ['Legal name', 'VAT number', 'Country', 'Category', 'Website', 'Contact e-mail', 'Region'];
const TARGETS: ImportColumn['target'][] = [
  { kind: 'field', field_tag: 'name' },
  { kind: 'field', field_tag: 'vat_number' },
  { kind: 'field', field_tag: 'country' },
  { kind: 'field', field_tag: 'category' },
  { kind: 'field', field_tag: 'website' },
  { kind: 'field', field_tag: 'contact_email' },
  { kind: 'attribute', attribute: 'region' },
];

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });
const CATEGORY_LABELS = new Map(
  SUPPLIER_OBJECT_TYPE.fields.find((f) => f.tag === 'category')?.options?.map((o) => [o.value, o.label]),
);

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

// The file as a spreadsheet exports it: the type's labels as headers, countries and categories by
// name. Names differ from those of the suppliers already on record (`taken`); VAT numbers are of
// another series than demo-records' (500 million up), so only the planted duplicate clashes.
export function demoImportCsv(regionNames: readonly string[], taken: ReadonlySet<string>): Buffer {
  const random = createRandom(1_818);
  const used = new Set(taken);
  const rows: string[][] = [];
  for (let row = 1; row <= DEMO_IMPORT_ROWS; row += 1) {
    const region = random.pick(regionNames);
    const supplier = newSupplier(random, countryFor(random, region, false), used);
    const vat = `${supplier.country}${String(500_000_000 + row * 6_271).slice(-9)}`;
    rows.push([
      row === DEMO_IMPORT_BAD_ROWS.missingName ? '' : supplier.name,
      vat,
      COUNTRY_NAMES.of(supplier.country) ?? supplier.country,
      CATEGORY_LABELS.get(supplier.category) ?? supplier.category,
      supplier.website,
      row === DEMO_IMPORT_BAD_ROWS.badEmail
        ? supplier.contactEmail.replace('@', ' at ')
        : supplier.contactEmail,
      region,
    ]);
  }
  const duplicate = rows[DEMO_IMPORT_BAD_ROWS.duplicateVat - 1];
  if (duplicate) duplicate[1] = rows[VAT_TAKEN_FROM - 1]?.[1] ?? '';
  const lines = [HEADERS, ...rows].map((cells) => cells.map(csvCell).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

// The import, made by the demo administrator through the batch-imports services (upload, mapping and
// preview, run) and run to its end without a job queue, on the application's pool (db): those
// services keep to the tenant by row-level security. Once per tenant: a tenant that has it, or no
// Supplier type, is left alone (null).
export async function seedDemoImport(
  db: Db,
  tenantId: string,
  options: { adminEmail: string; files: FileStore },
): Promise<BatchImport | null> {
  const setting = await withTenant(db, tenantId, async (tx) => {
    const type = await tx
      .selectFrom('object_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('tag', '=', SUPPLIER_OBJECT_TYPE.tag)
      .executeTakeFirst();
    const done = await tx
      .selectFrom('batch_imports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('file_name', '=', DEMO_IMPORT_FILE)
      .executeTakeFirst();
    if (!type || done) return null;
    const admin = await tx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', options.adminEmail)
      .executeTakeFirstOrThrow();
    const regions = await tx
      .selectFrom('regions')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
    const titles = await tx
      .selectFrom('records')
      .select('title')
      .where('tenant_id', '=', tenantId)
      .where('object_type_id', '=', type.id)
      .execute();
    const ctx = await actingUser(tx, db, tenantId, admin.id);
    return { ctx, regions: regions.map((r) => r.name), taken: new Set(titles.map((t) => t.title ?? '')) };
  });
  if (!setting?.ctx || setting.regions.length === 0) return null;
  return seedRecordsImport(setting.ctx, options.files, {
    objectTypeTag: SUPPLIER_OBJECT_TYPE.tag,
    fileName: DEMO_IMPORT_FILE,
    body: demoImportCsv(setting.regions, setting.taken),
    columns: HEADERS.map((header, index) => ({ index, header, target: TARGETS[index] ?? null })),
  });
}
