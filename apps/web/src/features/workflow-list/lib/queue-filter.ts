import type { ConditionGroup, FilterAttribute } from '@attest/shared';

// A task queue (spec 1 §7 stepgroupdef_counts) is a step group with open steps. Choosing one filters
// the list to workflows with an open step in that group: an OR over the group's steps' "open"
// attribute, in the advanced filter, so it shows in the builder and can be edited there.
export function queueFilter(
  catalogue: readonly FilterAttribute[],
  stepGroupTag: string,
): ConditionGroup | null {
  const steps = catalogue.filter(
    (a) =>
      a.source.kind === 'step' &&
      a.source.attribute === 'is_enabled' &&
      a.source.step_tag.startsWith(`${stepGroupTag}__`),
  );
  if (steps.length === 0) return null;
  return {
    compareType: 'AND',
    conditions: [],
    groups: [
      {
        compareType: 'OR',
        conditions: steps.map((a) => ({ field: a.path, type: a.type, operator: 'eq', value: true })),
        groups: [],
      },
    ],
  };
}

// Whether the advanced filter is exactly a queue's filter, to show that queue as chosen.
export function isQueueFilter(group: ConditionGroup | undefined, queue: ConditionGroup | null): boolean {
  return Boolean(group && queue && JSON.stringify(group) === JSON.stringify(queue));
}
