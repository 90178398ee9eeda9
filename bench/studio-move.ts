// Moving running workflows at scale (issue 15): `npm run bench:studio-move -- --workflows 1000,10000`
// (one size or several, comma-separated, each at most 100,000; BENCH_MOVE_WORKFLOWS too; default
// 1,000 then 10,000, to show memory does not grow with the number moved).
// On a fresh embedded database (bench/studio/studio-bench-server.ts), for each size in its own tenant:
// an app's version 1.0 of a 20-step, 200-field process is deployed to Production; N running workflows
// are created on it through the engine's bulk creation (createWorkflows, 500 per transaction: every
// one answered on its first step, a third with that step submitted); version 1.1, with one field
// relabelled and one added, is deployed; then the move is started through the API (POST .../moves/,
// which counts the workflows) and run by the move job's own runner (createWorkflowMoveRunner, what
// the pg-boss worker calls; 200 workflows per transaction), in this process, while heapUsed and rss
// are sampled every 250 ms. Prints the time in total and per workflow, the slowest batch, and the
// memory: min, max and last, and whether the heap is flat (first quarter against last quarter of
// the samples). Run with `node --expose-gc` (the npm script does) for a collected heap at the start.
import { flattenSteps, STUDIO_MOVE_PATHS, type WorkflowDefinition, WorkflowMoveSchema } from '@attest/shared';
import { buildLargeDefinition } from '@attest/shared/testing';
import { createWorkflowMoveRunner } from '../apps/server/src/modules/studio/index.js';
import {
  createWorkflows,
  currentKind,
  type NewWorkflow,
} from '../apps/server/src/modules/workflows/index.js';
import { withTenant } from '../apps/server/src/platform/tenant-transaction.js';
import { describeMemory, type MemoryReport, sampleMemory, verdict } from './studio/memory-sampler.js';
import {
  type BenchTenant,
  createStudioBenchTenant,
  openStudioBench,
  type StudioBench,
} from './studio/studio-bench-server.js';
import {
  approve,
  deployToProduction,
  makeSavepoint,
  makeVersion,
  newStudioApp,
  readyForTest,
  saveWorkingCopy,
} from './studio/studio-calls.js';
import { argument, boundedInteger, machineLoad, mib, timed } from './studio/timing.js';

const SIZES = (argument('workflows', 'BENCH_MOVE_WORKFLOWS') ?? '1000,10000')
  .split(',')
  .map((n) => boundedInteger(n, 1000, 1, 100_000));
const KIND = 'move_process';
const CREATE_CHUNK = 500;
const SAMPLE_MS = 250;
const gc = (globalThis as { gc?: () => void }).gc;

const version1 = buildLargeDefinition({ groups: 4, stepsPerGroup: 5, fieldsPerStep: 10 }, KIND);
const firstStep = flattenSteps(version1)[0];
if (!firstStep) throw new Error('The generated process has no step');
const [answeredBool, answeredText, answeredSelect] = firstStep.fields.map((f) => f.tag);

// Version 1.1: the first step's text question relabelled and a new field after it.
function version11(): WorkflowDefinition {
  const changed = structuredClone(version1);
  const step = flattenSteps(changed)[0];
  const text = step?.fields[1];
  if (!step || !text) throw new Error('The generated process has no first step to change');
  text.label = 'Supplier name (as registered)';
  step.fields.push({
    tag: `${step.tag}__registration_number`,
    type: 'char_field',
    label: 'Registration number',
  });
  return changed;
}

async function deployVersion(
  tenant: BenchTenant,
  at: { appId: number; branchId: number },
  revision: number,
  definition: WorkflowDefinition,
  increment: 'major' | 'minor',
) {
  const { designer } = tenant;
  const saved = await saveWorkingCopy(designer, at, revision, [definition]);
  const version = await makeVersion(designer, at.appId, await makeSavepoint(designer, at), increment);
  await readyForTest(designer, at.appId, version.id);
  await approve(designer, at.appId, version.id);
  await deployToProduction(designer, at.appId, version.id);
  return { revision: saved, versionId: version.id };
}

async function createRunning(bench: StudioBench, tenant: BenchTenant, count: number) {
  const db = bench.database.adminDb;
  const kind = await withTenant(db, tenant.id, (tx) => currentKind(tx, tenant.id, { tag: KIND }));
  const createdAt = new Date(Date.now() - 24 * 3600 * 1000);
  for (let from = 0; from < count; from += CREATE_CHUNK) {
    const chunk = Array.from({ length: Math.min(CREATE_CHUNK, count - from) }, (_, i): NewWorkflow => {
      const n = from + i + 1;
      return {
        kind,
        name: `Running workflow ${n}`,
        regionId: tenant.regionId,
        businessUnitId: tenant.businessUnitId,
        createdBy: tenant.designerId,
        createdAt,
        answers: {
          [answeredBool as string]: true,
          [answeredText as string]: `Supplier ${n}`,
          [answeredSelect as string]: ['low', 'medium', 'high'][n % 3],
        },
        submitted:
          n % 3 === 0
            ? [{ step: firstStep?.tag ?? '', at: new Date(createdAt.getTime() + 3600_000), by: null }]
            : [],
      };
    });
    await withTenant(db, tenant.id, (tx) => createWorkflows(tx, tenant.id, chunk));
  }
}

type SizeResult = {
  workflows: number;
  seedMs: number;
  startMs: number;
  moveMs: number;
  batches: number;
  slowestBatchMs: number;
  moved: number;
  refused: number;
  left: number;
  memory: MemoryReport;
};

async function measure(bench: StudioBench, size: number): Promise<SizeResult> {
  const tenant = await createStudioBenchTenant(bench, `studiomove${size}`);
  const at = await newStudioApp(tenant.designer, 'Moving workflows');
  const v1 = await deployVersion(tenant, at, at.revision, version1, 'major');
  const seeded = await timed(() => createRunning(bench, tenant, size));
  console.error(`${size} workflows: created on 1.0 in ${(seeded.ms / 1000).toFixed(1)} s`);
  const v11 = await deployVersion(tenant, at, v1.revision, version11(), 'minor');
  const started = await timed(() =>
    tenant.designer.json('POST', STUDIO_MOVE_PATHS.moves(at.appId, v11.versionId), { process: KIND }),
  );
  const move = WorkflowMoveSchema.parse(started.value);
  if (move.total !== size) throw new Error(`The move counts ${move.total} workflows, not ${size}`);

  gc?.();
  let batches = 0;
  let slowestBatchMs = 0;
  let batchStart = performance.now();
  const runner = createWorkflowMoveRunner({
    db: bench.database.db,
    jobs: null,
    afterBatch: () => {
      const now = performance.now();
      batches += 1;
      slowestBatchMs = Math.max(slowestBatchMs, now - batchStart);
      batchStart = now;
    },
  });
  const sampler = sampleMemory(SAMPLE_MS);
  const ran = await timed(() => runner.run(tenant.id, String(move.id)));
  const memory = sampler.stop();
  if (ran.value !== 'finished') throw new Error(`The move ended ${ran.value}`);

  const done = WorkflowMoveSchema.parse(
    await tenant.designer.json('GET', `${STUDIO_MOVE_PATHS.move(at.appId, v11.versionId, move.id)}?limit=1`),
  );
  const left = await bench.database.adminDb
    .selectFrom('workflows as w')
    .innerJoin('workflow_definitions as d', (j) =>
      j.onRef('d.tenant_id', '=', 'w.tenant_id').onRef('d.id', '=', 'w.definition_id'),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('w.tenant_id', '=', tenant.id)
    .where('d.version', '<', 2)
    .executeTakeFirstOrThrow();
  return {
    workflows: size,
    seedMs: seeded.ms,
    startMs: started.ms,
    moveMs: ran.ms,
    batches,
    slowestBatchMs,
    moved: done.moved,
    refused: done.refused,
    left: Number(left.count),
    memory,
  };
}

const bench = await openStudioBench();
try {
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    const result = await measure(bench, size);
    results.push(result);
    console.error(
      `${size} workflows: moved ${result.moved}, refused ${result.refused}, left on 1.0 ${result.left}, in ${(result.moveMs / 1000).toFixed(1)} s; ${describeMemory(result.memory)}`,
    );
  }
  console.log(
    `\nMoving running workflows, ${flattenSteps(version1).length}-step process, 1.0 to 1.1, batches of 200, memory sampled every ${SAMPLE_MS} ms${gc ? '' : ' (no --expose-gc)'}; load ${machineLoad()}`,
  );
  console.log(
    '| workflows | start (count) ms | move s | ms per workflow | slowest batch ms | moved / refused / left | heap MiB min / max / last | heap quarters MiB first / last | rss MiB max | memory |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const { heap, rss } = r.memory;
    console.log(
      `| ${r.workflows.toLocaleString('en')} | ${r.startMs.toFixed(0)} | ${(r.moveMs / 1000).toFixed(1)} | ${(r.moveMs / r.workflows).toFixed(2)} | ${r.slowestBatchMs.toFixed(0)} | ${r.moved} / ${r.refused} / ${r.left} | ${mib(heap.min)} / ${mib(heap.max)} / ${mib(heap.last)} | ${mib(heap.firstQuarter)} / ${mib(heap.lastQuarter)} | ${mib(rss.max)} | ${verdict(r.memory)} |`,
    );
  }
  const [smallest, largest] = [results[0], results.at(-1)];
  if (smallest && largest && largest !== smallest) {
    console.log(
      `\nHeap max: ${mib(largest.memory.heap.max)} MiB moving ${largest.workflows.toLocaleString('en')} against ${mib(smallest.memory.heap.max)} MiB moving ${smallest.workflows.toLocaleString('en')}; rss max ${mib(largest.memory.rss.max)} against ${mib(smallest.memory.rss.max)} MiB.`,
    );
  }
} finally {
  await bench.close();
}
