import type { DefinitionTree, StudioItemType } from './definition-tree.js';
import type { JsonRecord } from './json-values.js';

export type MergeSide = 'ours' | 'theirs';
// The designer's choice per conflict, by conflict id.
export type MergeChoices = Readonly<Record<string, MergeSide>>;

// property: the same property changed differently on both sides. removed_changed: one side removed
// the item (path []), the other changed it or something inside it; base, ours and theirs are the
// whole item (undefined on the side that removed it). moved: both sides moved the item to different
// parents (path ['parent'], the parents' tags paths). order: both sides reordered the same list
// differently (path [list], the items' tags in each order).
export type MergeConflict = {
  id: string;
  kind: 'property' | 'removed_changed' | 'moved' | 'order';
  item: StudioItemType;
  identity: string[];
  path: string[];
  base: unknown;
  ours: unknown;
  theirs: unknown;
};

// An item the merge keeps: its merged own properties and where it goes.
export type KeptItem = { props: JsonRecord; parentId: string; list: string; keyOrder: string[] };

export type MergeContext = {
  base: DefinitionTree;
  ours: DefinitionTree;
  theirs: DefinitionTree;
  choices: MergeChoices;
  conflicts: { conflict: MergeConflict; nodeId: string }[];
  kept: Map<string, KeptItem>;
};

// The designer's choice when given; otherwise the conflict is reported and `provisional` is kept
// until it is resolved, so nothing is dropped before someone decided.
export function decide(
  context: MergeContext,
  nodeId: string,
  conflict: MergeConflict,
  provisional: MergeSide,
): MergeSide {
  const choice = context.choices[conflict.id];
  if (choice === 'ours' || choice === 'theirs') return choice;
  context.conflicts.push({ conflict, nodeId });
  return provisional;
}
