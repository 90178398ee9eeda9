import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EXPORT_PATHS } from '@attest/shared';
import type pg from 'pg';
import type { Services } from '../../apps/server/src/services.js';
import type { BenchIds } from './cases.js';
import { memorySampler, oldGenerationBytes } from './load.js';
import { call, type Session } from './session.js';

// An export as the dashboard asks for it (POST api/v2/workflows/export/ with the kind and a created
// range that selects about `rows` workflows), then the job run in this process (its services have no job
// queue here, so the request leaves it queued), timed, with RSS, heap and old generation sampled every
// 100 ms. The heap is collected just before each job (gc exposed here, whatever the node flags), so
// `baseHeapMb` is what the process holds before it and `peakHeapMb - baseHeapMb` what the job adds,
// comparable between runs; `peakOldMb - baseOldMb` leaves out the young generation's garbage.

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export type ExportResult = {
  name: string;
  rows: number;
  postMs: number;
  seconds: number;
  rowsPerSecond: number;
  fileMb: number;
  baseRssMb: number;
  peakRssMb: number;
  baseHeapMb: number;
  peakHeapMb: number;
  // The old generation's (load.ts): what the job held long enough to be promoted.
  baseOldMb: number;
  peakOldMb: number;
};

export async function benchExport(
  exports: Services['workflowExports'],
  admin: pg.Client,
  options: { port: number; session: Session; ids: BenchIds; rows: number; format: 'csv' | 'xlsx' },
): Promise<ExportResult> {
  const { ids, session } = options;
  // The day of the Nth newest workflow: from that day on, about N rows (plus the rest of that day).
  const day = await admin.query<{ day: string }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from workflows
     where tenant_id = $1 and kind_id = $2 and archived_at is null
     order by created_at desc, id desc offset $3 limit 1`,
    [ids.tenantId, ids.kindId, options.rows - 1],
  );
  const t0 = performance.now();
  const posted = await call(
    options.port,
    'POST',
    EXPORT_PATHS.exports,
    session.writeHeaders,
    JSON.stringify({
      kind_id: Number(ids.kindId),
      format: options.format,
      created_range_after: day.rows[0]?.day,
    }),
  );
  const postMs = Math.round(performance.now() - t0);
  if (posted.status !== 202) throw new Error(`Export refused (${posted.status}): ${posted.body}`);
  const { id } = JSON.parse(posted.body) as { id: number };
  collectGarbage();
  collectGarbage();
  const baseRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const baseHeapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  const baseOldMb = Math.round(oldGenerationBytes() / 2 ** 20);
  const memory = memorySampler();
  const t1 = performance.now();
  const state = await exports.run(ids.tenantId, String(id));
  const seconds = (performance.now() - t1) / 1000;
  const { peakRssMb, peakHeapMb, peakOldMb } = memory.stop();
  const done = await call(options.port, 'GET', EXPORT_PATHS.export(id), session.headers);
  const body = JSON.parse(done.body) as { rows_done: number; state: string };
  if (state !== 'finished') throw new Error(`Export ${id} ended ${state}: ${done.body}`);
  // The file's size is not part of the API's answer.
  const size = await admin.query<{ size_bytes: string }>(
    `select size_bytes from workflow_exports where tenant_id = $1 and id = $2`,
    [ids.tenantId, id],
  );
  return {
    name: `${options.format} ~${options.rows.toLocaleString('en')}`,
    rows: body.rows_done,
    postMs,
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(body.rows_done / seconds),
    fileMb: Number((Number(size.rows[0]?.size_bytes ?? 0) / 2 ** 20).toFixed(1)),
    baseRssMb,
    peakRssMb,
    baseHeapMb,
    peakHeapMb,
    baseOldMb,
    peakOldMb,
  };
}
