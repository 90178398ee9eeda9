// The studio designer at scale (issue 15): `npm run bench:studio-designer`. Pure computation, no
// browser: on a definition of 300 steps and 3,000 fields it times what one edit costs the designer —
// the reducer (one command, structural sharing), the live validation with the definition schema
// (the 'issues by element' map the panels read), and both together — for a label typed into a field,
// a field added from the palette, a step moved into another group (retags it and its references),
// and undo. Prints the median and the slowest of BENCH_RUNS (default 20) runs after five warm-up runs
// of every case, with the machine's load; figures are recorded by hand in bench/RESULTS.md.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { WorkflowDefinition } from '@attest/shared';
import { buildLargeDefinition } from '@attest/shared/testing';

// The designer's model lives in the web app (bundler resolution, no file extensions), so it is
// loaded by address here rather than type-checked into this Node program; its types are restated.
type Address = { group: number; step: number };
type DesignerCommand =
  | { type: 'setField'; at: Address & { field: number }; patch: { label: string } }
  | { type: 'addField'; at: Address; fieldType: string; label: string }
  | { type: 'moveStep'; from: Address; to: Address };
type State = { present: WorkflowDefinition };
type Action = { type: 'command'; command: DesignerCommand } | { type: 'undo' };
const model = new URL('../apps/web/src/features/studio/designer/model/', import.meta.url);
const { applyCommand } = (await import(new URL('commands.ts', model).href)) as {
  applyCommand: (definition: WorkflowDefinition, command: DesignerCommand) => WorkflowDefinition;
};
const { designerReducer, initialDesignerState } = (await import(new URL('history.ts', model).href)) as {
  designerReducer: (state: State, action: Action) => State;
  initialDesignerState: (definition: WorkflowDefinition) => State;
};
const { validateDefinition } = (await import(new URL('validation.ts', model).href)) as {
  validateDefinition: (definition: WorkflowDefinition) => unknown;
};

const RUNS = Math.min(1000, Math.max(1, Number(process.env.BENCH_RUNS ?? 20) || 20));
const base = buildLargeDefinition();

const commands: [string, DesignerCommand][] = [
  [
    'type a field label',
    { type: 'setField', at: { group: 15, step: 5, field: 3 }, patch: { label: 'Edited' } },
  ],
  ['add a field', { type: 'addField', at: { group: 15, step: 5 }, fieldType: 'single_select', label: 'New' }],
  [
    'move a step into another group',
    { type: 'moveStep', from: { group: 3, step: 2 }, to: { group: 20, step: 0 } },
  ],
];
const edited = designerReducer(initialDesignerState(base), {
  type: 'command',
  command: commands[0]?.[1] as DesignerCommand,
});

const cases: [string, () => unknown][] = [
  ...commands.map(([name, command]): [string, () => unknown] => [
    `reducer: ${name}`,
    () => applyCommand(base, command),
  ]),
  ['reducer: undo', () => designerReducer(edited, { type: 'undo' })],
  ['validation (schema + issues by element)', () => validateDefinition(base)],
  ...commands.map(([name, command]): [string, () => unknown] => [
    `edit + validation: ${name}`,
    () => validateDefinition(applyCommand(base, command)),
  ]),
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
