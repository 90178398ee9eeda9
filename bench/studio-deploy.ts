// Studio deployment at scale (issue 15): `npm run bench:studio-deploy` (`-- --runs 5`, or BENCH_RUNS).
// On a fresh embedded database (bench/studio/studio-bench-server.ts), an app's package holds the
// generated process of 300 steps and 3,000 fields (buildLargeDefinition). Each run changes one label,
// saves the working copy, makes a savepoint and then times what the issue's "deploying it takes under
// 2 s" covers, through the API as the designer's browser calls it: making a version (where the whole
// package is checked against the definition schema), sending it for test (rft), approving it, and
// deploying it to Production (publishing the process through the engine). The first run (the kind's
// first publication, a cold process) is shown apart; the median and the slowest are of the runs after
// it. Figures are recorded by hand in bench/RESULTS.md, on an idle machine.
import { flattenSteps, type WorkflowDefinition } from '@attest/shared';
import { buildLargeDefinition } from '@attest/shared/testing';
import { createStudioBenchTenant, openStudioBench } from './studio/studio-bench-server.js';
import {
  approve,
  deployToProduction,
  makeSavepoint,
  makeVersion,
  newStudioApp,
  readyForTest,
  saveWorkingCopy,
} from './studio/studio-calls.js';
import { argument, boundedInteger, machineLoad, median, timed } from './studio/timing.js';

const RUNS = boundedInteger(argument('runs', 'BENCH_RUNS'), 5, 1, 50);
const STEPS = [
  'save working copy',
  'savepoint',
  'make a version (schema check)',
  'ready for test (rft)',
  'approve',
  'deploy to Production (publish)',
  'version to Production (sum of the last four)',
] as const;
type Step = (typeof STEPS)[number];

// Each run's process differs from the last by one field's label, as a designer's small change does.
function processForRun(base: WorkflowDefinition, run: number): WorkflowDefinition {
  const changed = structuredClone(base);
  const steps = flattenSteps(changed);
  const field = steps[run % steps.length]?.fields[1];
  if (field) field.label = `Question changed in run ${run}`;
  return changed;
}

const bench = await openStudioBench();
try {
  const tenant = await createStudioBenchTenant(bench, 'studiodeploy');
  const { designer } = tenant;
  const base = buildLargeDefinition();
  const fields = flattenSteps(base).reduce((n, s) => n + s.fields.length, 0);
  const at = await newStudioApp(designer, 'Large process');
  let revision = at.revision;

  const runs: Record<Step, number>[] = [];
  // Run 0 is the cold one; RUNS more are measured.
  for (let run = 0; run <= RUNS; run += 1) {
    const times = {} as Record<Step, number>;
    const saved = await timed(() => saveWorkingCopy(designer, at, revision, [processForRun(base, run)]));
    revision = saved.value;
    times['save working copy'] = saved.ms;
    const point = await timed(() => makeSavepoint(designer, at));
    times.savepoint = point.ms;
    const version = await timed(() =>
      makeVersion(designer, at.appId, point.value, run === 0 ? 'major' : 'minor'),
    );
    times['make a version (schema check)'] = version.ms;
    const versionId = version.value.id;
    times['ready for test (rft)'] = (await timed(() => readyForTest(designer, at.appId, versionId))).ms;
    times.approve = (await timed(() => approve(designer, at.appId, versionId))).ms;
    times['deploy to Production (publish)'] = (
      await timed(() => deployToProduction(designer, at.appId, versionId))
    ).ms;
    times['version to Production (sum of the last four)'] =
      times['make a version (schema check)'] +
      times['ready for test (rft)'] +
      times.approve +
      times['deploy to Production (publish)'];
    runs.push(times);
    console.error(
      `run ${run}${run === 0 ? ' (cold)' : ''}: version ${version.value.major}.${version.value.minor} deployed in ${times['version to Production (sum of the last four)'].toFixed(0)} ms`,
    );
  }

  // The engine's versions of the kind: one per deployment, or the deployments did not publish.
  const published = await bench.database.adminDb
    .selectFrom('workflow_definitions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirstOrThrow();

  console.log(
    `\n${flattenSteps(base).length} steps, ${fields.toLocaleString('en')} fields; ${RUNS} measured runs after a cold one; ${published.count} engine versions published; load ${machineLoad()}`,
  );
  console.log('| step | cold run ms | median ms | slowest ms |');
  console.log('|---|---|---|---|');
  const measured = runs.slice(1);
  for (const step of STEPS) {
    const values = measured.map((r) => r[step]);
    console.log(
      `| ${step} | ${(runs[0]?.[step] ?? 0).toFixed(0)} | ${median(values).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`,
    );
  }
} finally {
  await bench.close();
}
