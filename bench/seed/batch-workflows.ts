import { flattenSteps } from '@attest/shared';
import { buildLargeDefinition } from '@attest/shared/testing';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/database.js';
import {
  createWorkflows,
  currentKind,
  type NewWorkflow,
  publishDefinition,
} from '../../apps/server/src/modules/workflows/index.js';
import { withTenant } from '../../apps/server/src/platform/tenant-transaction.js';

export const BATCH_KIND = 'bench_batch_update';
const CHUNK = 500;
const DAY = 24 * 3600 * 1000;

// The batch update benchmark's workflows (bench/batch-jobs.ts): N running workflows of their own
// kind (a 2 x 3-step process of 5 fields a step) in the bench tenant, made by the engine's bulk
// creation (createWorkflows, 500 per transaction, every one answered on its first step, a third
// with it submitted), all in Europe / Procurement EU. Kept between runs: a second run adds only the
// workflows missing up to N, so the 13-minute 1M seed is not needed. Answers the kind's id and how
// many workflows it has (more than N when an earlier run made more).
export async function ensureBatchWorkflows(
  adminDb: Db,
  client: pg.Client,
  target: { tenantId: string; userId: string; count: number },
  log: (message: string) => void,
): Promise<{ kindId: string; count: number }> {
  const { tenantId, userId, count } = target;
  const definition = buildLargeDefinition({ groups: 2, stepsPerGroup: 3, fieldsPerStep: 5 }, BATCH_KIND);
  const kind = await withTenant(adminDb, tenantId, async (tx) => {
    const known = await tx
      .selectFrom('workflow_kinds')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('tag', '=', BATCH_KIND)
      .executeTakeFirst();
    if (!known) await publishDefinition(tx, tenantId, { definition, publishedBy: userId });
    return currentKind(tx, tenantId, { tag: BATCH_KIND });
  });
  const existing = Number(
    (
      await client.query<{ n: string }>(
        `select count(*) as n from workflows where tenant_id = $1 and kind_id = $2`,
        [tenantId, kind.id],
      )
    ).rows[0]?.n,
  );
  if (existing >= count) return { kindId: kind.id, count: existing };
  const place = await client.query<{ region_id: string; business_unit_id: string }>(
    `select r.id as region_id, b.id as business_unit_id from regions r
     join business_units b on b.tenant_id = r.tenant_id and b.region_id = r.id
     where r.tenant_id = $1 and r.name = 'Europe' and b.name = 'Procurement EU'`,
    [tenantId],
  );
  const home = place.rows[0];
  if (!home) throw new Error('The bench tenant has no Europe / Procurement EU');
  const firstStep = flattenSteps(definition)[0];
  if (!firstStep) throw new Error('The generated process has no step');
  const [answeredBool, answeredText, answeredSelect] = firstStep.fields.map((f) => f.tag);
  const started = performance.now();
  for (let from = existing; from < count; from += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i): NewWorkflow => {
      const n = from + i + 1;
      const createdAt = new Date(Date.UTC(2026, 10, 1) - (n % 900) * DAY);
      return {
        kind,
        name: `Batch workflow ${n}`,
        regionId: home.region_id,
        businessUnitId: home.business_unit_id,
        createdBy: userId,
        createdAt,
        answers: {
          [answeredBool as string]: n % 2 === 0,
          [answeredText as string]: `Supplier ${n}`,
          [answeredSelect as string]: ['low', 'medium', 'high'][n % 3],
        },
        submitted:
          n % 3 === 0
            ? [{ step: firstStep.tag, at: new Date(createdAt.getTime() + 3600_000), by: userId }]
            : [],
      };
    });
    await withTenant(adminDb, tenantId, (tx) => createWorkflows(tx, tenantId, chunk));
    const done = from + chunk.length;
    if (done % 10_000 < CHUNK || done === count) {
      const rate = perSecond(done - existing, performance.now() - started);
      log(
        `${done.toLocaleString('en')} / ${count.toLocaleString('en')} workflows (${rate.toLocaleString('en')}/s)`,
      );
    }
  }
  await client.query('vacuum (analyze) workflows, workflow_steps, workflow_responses');
  return { kindId: kind.id, count };
}

const perSecond = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001));
