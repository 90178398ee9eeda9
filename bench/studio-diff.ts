// Studio diff and merge at scale (issue 15): `npm run bench:studio-diff`. Pure computation, no
// server: on a definition of 300 steps and 3,000 fields it times the structured diff after one edit
// (what the designer recomputes live) and after a hundred, and the three-way merge of two branches
// with a conflict, then its resolution. Prints the median and the slowest of BENCH_RUNS (default 20)
// runs after five warm-up runs of every case, with the machine's load; figures are recorded by hand in bench/RESULTS.md.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  diffDefinitions,
  flattenSteps,
  mergePackages,
  resolveConflicts,
  type WorkflowDefinition,
} from '@attest/shared';
import { buildLargeDefinition } from '@attest/shared/testing';

const RUNS = Math.min(1000, Math.max(1, Number(process.env.BENCH_RUNS ?? 20) || 20));

function relabel(definition: WorkflowDefinition, steps: number[], field: number, prefix: string) {
  const all = flattenSteps(definition);
  for (const s of steps) {
    const target = all[s]?.fields[field];
    if (target) target.label = `${prefix} ${s}`;
  }
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const base = buildLargeDefinition();
const oneEdit = structuredClone(base);
relabel(oneEdit, [150], 2, 'Edited');
const ours = structuredClone(base);
relabel(ours, range(0, 100), 0, 'Main');
ours.step_groups.at(-1)?.steps.pop();
const theirs = structuredClone(base);
relabel(theirs, range(100, 100), 1, 'Branch');
relabel(theirs, [0], 0, 'Branch');
const step12 = flattenSteps(theirs)[12];
if (step12) step12.fields = [...step12.fields.slice(0, 1), ...step12.fields.slice(1).reverse()];

const packages = {
  base: { processes: [base] },
  ours: { processes: [ours] },
  theirs: { processes: [theirs] },
};
const merged = mergePackages(packages.base, packages.ours, packages.theirs);
const choices = Object.fromEntries(merged.conflicts.map((c) => [c.id, 'theirs' as const]));

const cases: [string, () => unknown][] = [
  ['diff, one field edited', () => diffDefinitions(base, oneEdit)],
  ['diff, 100 fields edited and a step removed', () => diffDefinitions(base, ours)],
  ['merge, two branches, one conflict', () => mergePackages(packages.base, packages.ours, packages.theirs)],
  ['resolve the conflict (merges again)', () => resolveConflicts(merged, choices)],
];

console.log(
  `300 steps, 3,000 fields; ${RUNS} runs; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('| case | median ms | slowest ms |');
console.log('|---|---|---|');
// Warm-up: the first runs of each case are compiled on the way.
for (const [, run] of cases) for (let i = 0; i < 5; i++) run();
for (const [name, run] of cases) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`| ${name} | ${median.toFixed(1)} | ${(times.at(-1) ?? 0).toFixed(1)} |`);
}
