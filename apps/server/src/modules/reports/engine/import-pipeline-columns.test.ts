import { type ReportConfigInput, ReportConfigSchema, ReportResultSchema } from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../platform/errors.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { type RecordsTestTenant, recordsTestTenant, workflowRow } from '../../../test/record-fixtures.js';
import { createTestApp } from '../../../test/test-app.js';
import { type ReportAnswerPath, runReport } from './run-report.js';

// Spec 2 §3.4: a workflow report's import_pipeline_* columns name the batch import that created the
// workflow (workflows.import_id, migration 0035), and exist only while the tenant's
// ENABLE_STRUCTURED_DATA_OBJECT toggle is on; they are never answered from the rollups.
const { app, db, adminDb } = await createTestApp();

let t: RecordsTestTenant;
let imported: string;
let importId: string;
let typed: string;

beforeAll(async () => {
  t = await recordsTestTenant(app, adminDb);
  const europe = String(t.ids.region('Europe'));
  imported = await workflowRow(adminDb, t.id, { name: 'Imported', regionId: europe });
  typed = await workflowRow(adminDb, t.id, { name: 'Typed in', regionId: europe });
  const { kind_id } = await adminDb
    .selectFrom('workflows')
    .select('kind_id')
    .where('tenant_id', '=', t.id)
    .where('id', '=', imported)
    .executeTakeFirstOrThrow();
  const batch = await adminDb
    .insertInto('batch_imports')
    .values({
      tenant_id: t.id,
      created_by: String(t.users.admin),
      target: 'workflows',
      kind_id,
      file_name: 'onboardings.csv',
      format: 'csv',
      storage_key: 'imports/onboardings.csv',
      size_bytes: 120,
      created_at: new Date('2026-03-01T10:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  importId = batch.id;
  await adminDb
    .updateTable('workflows')
    .set({ import_id: importId, import_row: 1 })
    .where('tenant_id', '=', t.id)
    .where('id', '=', imported)
    .execute();
});

async function toggle(on: boolean) {
  const updated = await adminDb
    .updateTable('tenant_configurations')
    .set({ feature_toggles: JSON.stringify({ ENABLE_STRUCTURED_DATA_OBJECT: on }) })
    .where('tenant_id', '=', t.id)
    .executeTakeFirst();
  expect(Number(updated.numUpdatedRows)).toBe(1);
}

async function run(input: ReportConfigInput, answered: ReportAnswerPath[] = []) {
  const config = ReportConfigSchema.parse(input);
  const result = await withTenant(db, t.id, (tx) =>
    runReport(tx, t.id, { userId: String(t.users.member), onAnswered: (a) => answered.push(a) }, config, {
      limit: 100,
      offset: 0,
    }),
  );
  return ReportResultSchema.parse(result);
}

const table: ReportConfigInput = {
  attributes: [
    { value: 'workflow__name' },
    { value: 'workflow__import_pipeline_id' },
    { value: 'workflow__import_pipeline_name' },
    { value: 'workflow__import_pipeline_created_at' },
    { value: 'workflow__import_pipeline_created_by_email' },
  ],
  order_by: [{ type: 'column', source: 'workflow__name', ordering: 'ASC' }],
};
const grouped: ReportConfigInput = {
  chart_type: 'BAR_CHART',
  group_by: [{ source: 'workflow__import_pipeline_name' }],
};

describe('import_pipeline_* report columns (spec 2 §3.4)', () => {
  it('reads the batch import that created each workflow while the toggle is on', async () => {
    await toggle(true);
    const result = await run(table);
    expect(result.results).toEqual([
      [
        'Name',
        'Import pipeline id',
        'Import pipeline',
        'Import pipeline created at',
        'Import pipeline created by (e-mail)',
      ],
      ['Imported', Number(importId), 'onboardings.csv', '2026-03-01T10:00:00.000Z', t.email('admin')],
      ['Typed in', null, null, null, null],
    ]);
    // Grouped, they are not kept in the rollups: the full query answers.
    const answered: ReportAnswerPath[] = [];
    const counted = await run(grouped, answered);
    expect(counted.results).toEqual([
      ['Import pipeline', 'Count'],
      ['onboardings.csv', 1],
      [null, 1],
    ]);
    expect(answered.map((a) => a.path)).toEqual(['full']);
    expect(imported).not.toBe(typed);
  });

  it('refuses them as columns this report does not have while the toggle is off', async () => {
    await toggle(false);
    for (const input of [table, grouped]) {
      const error = await run(input).then(
        () => null,
        (e: AppError) => e,
      );
      expect(error?.statusCode).toBe(400);
      expect(error?.code).toBe('report_source_not_in_kind');
    }
    // The other columns still run.
    const plain = await run({ attributes: [{ value: 'workflow__name' }] });
    expect(plain.results.slice(1)).toEqual([['Imported'], ['Typed in']]);
  });
});
