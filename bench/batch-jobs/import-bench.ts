import { BATCH_IMPORT_PATHS, type BatchImport, type ObjectTypeDefinition } from '@attest/shared';
import { SUPPLIER_OBJECT_TYPE } from '@attest/shared/testing';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/database.js';
import {
  createBatchImportRunner,
  IMPORT_BATCH_ROWS,
} from '../../apps/server/src/modules/batch-imports/index.js';
import type { FileStore } from '../../apps/server/src/platform/files/file-store.js';
import type { Session } from '../dashboard/session.js';
import { ensureObjectType } from '../seed/bench-object-type.js';
import { RECORD_COUNTRIES } from '../seed/records.js';
import { expectStatus, perSecond, send } from './http.js';
import { type Checkpoint, flatVerdict, rssCheckpoints } from './rss-checkpoints.js';

// Batch import of N supplier rows (plan §9): a generated CSV through the real path, the upload
// (parse and stage), the mapping (the preview checks every row in that request) and the run, by the
// import job's own runner (createBatchImportRunner, what the pg-boss worker calls; 500 rows per
// transaction) in this process, whose RSS is read at 10%, 50% and 100% of the rows done.
// Its own object type, emptied before each run, so the records benchmark's suppliers are untouched
// and every run imports into the same state.
const IMPORT_TYPE: ObjectTypeDefinition = {
  ...SUPPLIER_OBJECT_TYPE,
  tag: 'bench_import_supplier',
  name: 'Imported supplier',
  relations: [],
};
const HEADERS = ['Legal name', 'VAT number', 'Country', 'Category', 'Website', 'Contact e-mail', 'Region'];
const CATEGORIES = ['IT services', 'Cloud hosting', 'Logistics', 'Raw materials', 'Facilities'];

export function suppliersCsv(rows: number): Buffer {
  const lines = [HEADERS.join(',')];
  for (let i = 1; i <= rows; i += 1) {
    const [country, region] = RECORD_COUNTRIES[i % RECORD_COUNTRIES.length] ?? ['DE', 'Europe'];
    lines.push(
      [
        `"Imported Supplier ${i}, ${['Ltd', 'GmbH', 'SA'][i % 3]}"`,
        `${country}${String(i).padStart(10, '0')}`,
        country,
        CATEGORIES[i % CATEGORIES.length],
        `https://imported${i}.example.com`,
        `buyer${i}@imported${i}.example.com`,
        region,
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

export type ImportPhase = {
  phase: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMib: number;
};

export type ImportBenchResult = { phases: ImportPhase[]; checkpoints: Checkpoint[]; verdict: string };

export async function benchImport(options: {
  rows: number;
  port: number;
  session: Session;
  admin: pg.Client;
  db: Db;
  files: FileStore;
  tenantId: string;
  log: (message: string) => void;
}): Promise<ImportBenchResult> {
  const { rows, port, session, admin, tenantId, log } = options;
  const type = await ensureObjectType(admin, tenantId, IMPORT_TYPE);
  // The last run's records and imports, gone (not measured).
  await admin.query(`delete from records where tenant_id = $1 and object_type_id = $2`, [
    tenantId,
    type.objectTypeId,
  ]);
  await admin.query(`delete from batch_imports where tenant_id = $1 and object_type_id = $2`, [
    tenantId,
    type.objectTypeId,
  ]);
  await admin.query(
    'vacuum (analyze) records, record_values, record_keys, record_activity, batch_import_rows',
  );
  const csv = suppliersCsv(rows);
  log(`Import: ${rows.toLocaleString('en')} rows, ${(csv.length / 2 ** 20).toFixed(1)} MiB of CSV`);
  const phases: ImportPhase[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>) => {
    const started = performance.now();
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    try {
      return await work();
    } finally {
      clearInterval(timer);
      const ms = performance.now() - started;
      phases.push({
        phase: name,
        rows,
        seconds: Number((ms / 1000).toFixed(1)),
        rowsPerSecond: perSecond(rows, ms),
        peakRssMib: Number((Math.max(peak, process.memoryUsage().rss) / 2 ** 20).toFixed(1)),
      });
      log(JSON.stringify(phases.at(-1)));
    }
  };

  const uploaded = await phase('upload (parse, stage)', async () =>
    expectStatus<BatchImport>(
      await send(
        port,
        'POST',
        `${BATCH_IMPORT_PATHS.imports}?target=records&object_type=${IMPORT_TYPE.tag}`,
        { ...session.writeHeaders, 'content-type': 'text/csv', 'x-file-name': 'suppliers.csv' },
        csv,
      ),
      201,
      'upload',
    ),
  );
  if (uploaded.rows_total !== rows) throw new Error(`Staged ${uploaded.rows_total} rows, not ${rows}`);
  const columns = HEADERS.map((header, index) => ({
    index,
    header,
    target:
      header === 'Region'
        ? { kind: 'attribute', attribute: 'region' }
        : { kind: 'field', field_tag: IMPORT_TYPE.fields[index]?.tag ?? '' },
  }));
  const mapped = await phase('mapping and preview', async () =>
    expectStatus<BatchImport>(
      await send(
        port,
        'PUT',
        BATCH_IMPORT_PATHS.mapping(uploaded.id),
        session.writeHeaders,
        JSON.stringify({ columns, mode: 'create' }),
      ),
      200,
      'mapping',
    ),
  );
  if (mapped.state !== 'validated' || mapped.rows_valid !== rows) {
    throw new Error(
      `Preview: state ${mapped.state}, ${mapped.rows_valid} valid and ${mapped.rows_invalid} invalid rows`,
    );
  }
  expectStatus(
    await send(port, 'POST', BATCH_IMPORT_PATHS.run(uploaded.id), session.writeHeaders, '{}'),
    202,
    'run',
  );

  const memory = rssCheckpoints(rows);
  const runner = createBatchImportRunner({
    db: options.db,
    jobs: null,
    files: options.files,
    afterBatch: ({ batches }) => memory.progress(Math.min(rows, batches * IMPORT_BATCH_ROWS)),
  });
  let checkpoints: Checkpoint[] = [];
  const outcome = await phase('run (records written)', async () => {
    try {
      return await runner.run(tenantId, String(uploaded.id));
    } finally {
      checkpoints = memory.stop();
    }
  });
  const done = expectStatus<BatchImport>(
    await send(port, 'GET', BATCH_IMPORT_PATHS.import(uploaded.id), session.headers),
    200,
    'import',
  );
  if (outcome !== 'finished' || done.state !== 'finished' || done.created !== rows) {
    throw new Error(`Run ${outcome}: state ${done.state}, ${done.created} created, ${done.failed} failed`);
  }
  const written = await admin.query<{ n: string }>(
    `select count(*) as n from records where tenant_id = $1 and import_id = $2`,
    [tenantId, uploaded.id],
  );
  log(`Import ${uploaded.id} finished: ${Number(written.rows[0]?.n).toLocaleString('en')} records written`);
  return { phases, checkpoints, verdict: flatVerdict(checkpoints) };
}
