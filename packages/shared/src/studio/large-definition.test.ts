import { describe, expect, it } from 'vitest';
import { buildLargeDefinition } from '../testing/index.js';
import {
  flattenSteps,
  MAX_FIELDS,
  MAX_STEPS,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
} from '../workflows/index.js';
import { diffDefinitions, diffPackages } from './diff.js';
import { mergePackages, resolveConflicts } from './merge.js';

// Issue 15's scale: the diff and merge stay correct on a definition of 300 steps and 3,000 fields
// (their speed is measured by bench/studio-diff.ts, not asserted here).
const steps = (definition: WorkflowDefinition) => flattenSteps(definition);
const countBy = (changes: { kind: string; item: string }[]) =>
  changes.reduce<Record<string, number>>((counts, change) => {
    const key = `${change.kind} ${change.item}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});
function fieldOf(definition: WorkflowDefinition, step: number, field: number) {
  const found = steps(definition)[step]?.fields[field];
  if (!found) throw new Error('no such field');
  return found;
}

describe('diff and merge at 300 steps and 3,000 fields', () => {
  const base = buildLargeDefinition();

  // Main line: relabels the first field of steps 0-99, removes the last step, adds a stage.
  const ours = structuredClone(base);
  for (let s = 0; s < 100; s++) fieldOf(ours, s, 0).label = `Main question ${s}`;
  ours.step_groups.at(-1)?.steps.pop();
  ours.step_groups.push({
    tag: 'large_process__closure',
    name: 'Closure',
    steps: [
      {
        tag: 'large_process__closure__sign_off',
        name: 'Sign-off',
        fields: Array.from({ length: 5 }, (_, f) => ({
          tag: `large_process__closure__sign_off__item_${f + 1}`,
          type: 'bool' as const,
          label: `Item ${f + 1}`,
        })),
      },
    ],
  });

  // Branch: relabels the second field of steps 100-199 and the first of step 0, reverses the
  // fields of step 12 after its first (which later fields' conditions read) and adds five fields to
  // step 50.
  const theirs = structuredClone(base);
  for (let s = 100; s < 200; s++) fieldOf(theirs, s, 1).label = `Branch question ${s}`;
  fieldOf(theirs, 0, 0).label = 'Branch wording';
  const step12 = steps(theirs)[12];
  if (step12) step12.fields = [...step12.fields.slice(0, 1), ...step12.fields.slice(1).reverse()];
  const step50 = steps(theirs)[50];
  for (let f = 0; f < 5; f++) {
    step50?.fields.push({ tag: `${step50.tag}__extra_${f + 1}`, type: 'text', label: `Extra ${f + 1}` });
  }

  it('builds a valid definition at the schema’s bounds', () => {
    expect(WorkflowDefinitionSchema.safeParse(base).success).toBe(true);
    expect(steps(base)).toHaveLength(MAX_STEPS);
    expect(steps(base).flatMap((step) => step.fields)).toHaveLength(MAX_FIELDS);
    expect(diffDefinitions(base, structuredClone(base))).toEqual([]);
  });

  it('diffs each side item by item', () => {
    expect(countBy(diffDefinitions(base, ours))).toEqual({
      'changed field': 100,
      'removed step': 1,
      'removed field': 10,
      'added step_group': 1,
      'added step': 1,
      'added field': 5,
    });
    // Reversing nine fields is eight moves: one of them stays put.
    expect(countBy(diffDefinitions(base, theirs))).toEqual({
      'changed field': 101,
      'moved field': 8,
      'added field': 5,
    });
  });

  it('merges both sides with the one real conflict, then the designer’s choice', () => {
    const result = mergePackages({ processes: [base] }, { processes: [ours] }, { processes: [theirs] });
    expect(result.conflicts.map((c) => [c.identity.at(-1), c.path, c.ours, c.theirs])).toEqual([
      [fieldOf(base, 0, 0).tag, ['label'], 'Main question 0', 'Branch wording'],
    ]);
    const resolved = resolveConflicts(result, { [result.conflicts[0]?.id ?? '']: 'theirs' });
    const merged = resolved.processes[0] as WorkflowDefinition;

    expect(WorkflowDefinitionSchema.safeParse(merged).success).toBe(true);
    expect(steps(merged)).toHaveLength(MAX_STEPS);
    expect(steps(merged).flatMap((step) => step.fields)).toHaveLength(MAX_FIELDS);
    // From the main line, the merge brings in exactly what the branch changed.
    expect(countBy(diffPackages({ processes: [ours] }, resolved))).toEqual({
      'changed field': 101,
      'moved field': 8,
      'added field': 5,
    });
    expect(fieldOf(merged, 0, 0).label).toBe('Branch wording');
    expect(fieldOf(merged, 1, 0).label).toBe('Main question 1');
    expect(fieldOf(merged, 150, 1).label).toBe('Branch question 150');
    expect(steps(merged)[12]?.fields.map((f) => f.tag)).toEqual(steps(theirs)[12]?.fields.map((f) => f.tag));
  });
});
