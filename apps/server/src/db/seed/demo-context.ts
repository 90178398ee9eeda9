import { flattenSteps, type StepDefinition, type WorkflowDefinition } from '@attest/shared';
import type { Random } from './demo-random.js';
import { DAY_MS, type DemoKindTag, type DemoWorkflow } from './demo-walk.js';

export type DemoPlace = { regionId: string; regionName: string; businessUnitIds: readonly string[] };
export type DemoPerson = { id: string; email: string; groups: readonly string[] };

// What the generator needs to know of the tenant it generates for; everything else comes from the
// seeded random source, so the same context gives the same workflows.
export type DemoContext = {
  now: number;
  definitions: Readonly<Record<DemoKindTag, WorkflowDefinition>>;
  places: readonly DemoPlace[];
  // People who create workflows and submit steps (not supplier accounts).
  people: readonly DemoPerson[];
};

// The demo reaches back 18 months.
export const HISTORY_MS = 548 * DAY_MS;

export type Place = { regionId: string; regionName: string; businessUnitId: string | null };

// Every business unit equally often, so each one has a full dashboard.
export function pickPlace(random: Random, places: readonly DemoPlace[]): Place {
  const slots = places.flatMap((p): Place[] =>
    p.businessUnitIds.length > 0
      ? p.businessUnitIds.map((id) => ({
          regionId: p.regionId,
          regionName: p.regionName,
          businessUnitId: id,
        }))
      : [{ regionId: p.regionId, regionName: p.regionName, businessUnitId: null }],
  );
  return random.pick(slots);
}

// Steps by tag per definition, looked up for every step of thousands of workflows.
const stepsByDefinition = new WeakMap<WorkflowDefinition, Map<string, StepDefinition>>();

function step(definition: WorkflowDefinition, tag: string) {
  let steps = stepsByDefinition.get(definition);
  if (!steps) {
    steps = new Map(flattenSteps(definition).map((s) => [s.tag, s]));
    stepsByDefinition.set(definition, steps);
  }
  const found = steps.get(tag);
  if (!found) throw new Error(`Unknown demo step ${tag}`);
  return found;
}

export function slaHours(definition: WorkflowDefinition, tag: string): number | undefined {
  return step(definition, tag).sla_hours;
}

// Someone of the step's assignee groups does its work when the tenant has such people; else anyone.
export function doerPerson(
  random: Random,
  context: DemoContext,
  definition: WorkflowDefinition,
  tag: string,
): DemoPerson | null {
  const groups = step(definition, tag).assignees?.group_names ?? [];
  const members = context.people.filter((p) => p.groups.some((g) => groups.includes(g)));
  const pool = members.length > 0 ? members : context.people;
  return pool.length > 0 ? random.pick(pool) : null;
}

export function doer(random: Random, context: DemoContext, definition: WorkflowDefinition, tag: string) {
  return doerPerson(random, context, definition, tag)?.id ?? null;
}

// One open step of a team in UNCLAIMED_ONE_IN is left to the team with no person on it, so its
// members have group tasks to claim (issue 16).
export const UNCLAIMED_ONE_IN = 4;

// FNV-1a: the choice hangs on the workflow itself, not on `random`, so every other demo value is the
// same as before it was made.
function leftToTeam(w: DemoWorkflow, step: string): boolean {
  let hash = 0x811c9dc5;
  for (const ch of `${w.kind}\u0000${w.name}\u0000${w.createdAt}\u0000${step}`) {
    hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hash % UNCLAIMED_ONE_IN === 0;
}

// The step a workflow waits on, owned by someone of its team, so 'My tasks' has names in it; or, for
// one in UNCLAIMED_ONE_IN of the steps assigned to a team, by nobody yet.
export function waitOn(
  random: Random,
  context: DemoContext,
  definition: WorkflowDefinition,
  w: DemoWorkflow,
  open: { openStep: string | null },
) {
  const step = open.openStep;
  if (!step) {
    w.waitingOn = null;
    return;
  }
  const assignee = doer(random, context, definition, step);
  const team = stepTeams(definition, step).length > 0;
  w.waitingOn = { step, assignee: team && leftToTeam(w, step) ? null : assignee };
}

export function stepTeams(definition: WorkflowDefinition, tag: string): readonly string[] {
  return step(definition, tag).assignees?.group_names ?? [];
}

// How long a step takes once open: mostly within its SLA, a quarter a little late, a few very late.
export function stepHours(random: Random, sla: number | undefined): number {
  const base = sla ?? 24;
  const roll = random.next();
  const factor =
    roll < 0.72
      ? 0.05 + random.next() * 0.8
      : roll < 0.95
        ? 0.9 + random.next() * 1.3
        : 2.5 + random.next() * 3;
  return Math.max(0.25, base * factor);
}

// How long the step a workflow waits on has been open: within its SLA, overdue, or stalled for weeks.
export function openAgeHours(random: Random, sla: number | undefined): number {
  const base = sla ?? 24;
  const roll = random.next();
  if (roll < 0.5) return base * (0.05 + random.next() * 0.85);
  if (roll < 0.82) return base * (1.1 + random.next() * 5);
  return 24 * (7 + random.next() * 150);
}

// How long ago a finished workflow started: any time in the history, more of them recently.
export function finishedAgoMs(random: Random, durationMs: number): number {
  const span = Math.max(HISTORY_MS - durationMs, DAY_MS);
  return durationMs + span * random.next() ** 1.1;
}
