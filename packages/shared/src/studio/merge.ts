import { indexPackage, OBJECTS_LIST, PROCESSES_LIST } from './definition-tree.js';
import type { MergeChoices, MergeConflict, MergeContext } from './merge-context.js';
import { mergeItem } from './merge-items.js';
import { buildMerged } from './merge-order.js';
import type { PackageLike, StudioDraftPackage } from './package.js';

export type MergeResult = {
  // Provisional while conflicts remain: each conflict keeps our side, and an item removed on one
  // side and changed on the other is kept.
  merged: StudioDraftPackage;
  conflicts: MergeConflict[];
  // What resolveConflicts merges again with the designer's choices.
  sources: { base: PackageLike | undefined; ours: PackageLike | undefined; theirs: PackageLike | undefined };
};

// Three-way merge of two branches of an app (issue 15), item by item by identity (kind tag or object
// type tag, then tags): what one side changed applies, the same change on both sides is taken once, and only a real
// conflict (the same thing changed differently on both sides) waits for the designer. `choices`
// settles conflicts already decided. The result may still break a cross-reference (a condition on a
// field the other side removed): the definition schema checks it before it is saved as a version.
export function mergePackages(
  base: PackageLike | undefined,
  ours: PackageLike | undefined,
  theirs: PackageLike | undefined,
  choices: MergeChoices = {},
): MergeResult {
  const context: MergeContext = {
    base: indexPackage(base),
    ours: indexPackage(ours),
    theirs: indexPackage(theirs),
    choices,
    conflicts: [],
    kept: new Map(),
  };
  const depthOf = new Map<string, number>();
  for (const tree of [context.ours, context.theirs, context.base]) {
    for (const [id, node] of tree.nodes) if (!depthOf.has(id)) depthOf.set(id, node.depth);
  }
  const ids = [...depthOf.keys()].sort((a, b) => (depthOf.get(a) ?? 0) - (depthOf.get(b) ?? 0));
  for (const id of ids) mergeItem(context, id);
  const { lists, order } = buildMerged(context);
  const position = new Map(order.map((id, index) => [id, index]));
  // In the order of the merged package; a conflict inside an item that a choice removed is moot.
  const conflicts = context.conflicts
    .filter(({ nodeId }) => nodeId === '' || position.has(nodeId))
    .sort((a, b) => (position.get(a.nodeId) ?? -1) - (position.get(b.nodeId) ?? -1))
    .map(({ conflict }) => conflict);
  const merged: StudioDraftPackage = { processes: lists.get(PROCESSES_LIST) ?? [] };
  // Object types (issue 18): a package from before them keeps its shape when no side has any.
  const objects = lists.get(OBJECTS_LIST) ?? [];
  if (objects.length > 0 || [base, ours, theirs].some((side) => side?.objects !== undefined)) {
    merged.objects = objects;
  }
  return { merged: structuredClone(merged), conflicts, sources: { base, ours, theirs } };
}

export class UnresolvedMergeConflictsError extends Error {
  constructor(readonly conflicts: MergeConflict[]) {
    super(`Choose ours or theirs for every conflict: ${conflicts.map((c) => c.id).join(', ')}.`);
    this.name = 'UnresolvedMergeConflictsError';
  }
}

// The final package once the designer chose a side for every conflict. Throws when one is left, so
// nothing is decided for the designer.
export function resolveConflicts(result: MergeResult, choices: MergeChoices): StudioDraftPackage {
  const { base, ours, theirs } = result.sources;
  const resolved = mergePackages(base, ours, theirs, choices);
  if (resolved.conflicts.length > 0) throw new UnresolvedMergeConflictsError(resolved.conflicts);
  return resolved.merged;
}
