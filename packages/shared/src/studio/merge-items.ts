import {
  CHILD_LISTS,
  childIds,
  type DefinitionTree,
  listKey,
  ownProperties,
  ROOT_ID,
  type TreeNode,
} from './definition-tree.js';
import { deepEqual, type JsonRecord, unionKeys } from './json-values.js';
import { decide, type MergeConflict, type MergeContext, type MergeSide } from './merge-context.js';
import { mergeRecords } from './merge-values.js';

type Location = { parentId: string; list: string };

function conflictOn(
  node: TreeNode,
  kind: MergeConflict['kind'],
  path: string[],
  values: Pick<MergeConflict, 'base' | 'ours' | 'theirs'>,
): MergeConflict {
  const suffix = kind === 'property' ? `property:${path.join('.')}` : kind;
  return { id: `${node.id}|${suffix}`, kind, item: node.type, identity: node.identity, path, ...values };
}

function parentIdentity(context: MergeContext, side: 'base' | 'ours' | 'theirs', node?: TreeNode) {
  return node && (context[side].nodes.get(node.parentId)?.identity ?? []);
}

// Where an item both sides still have goes: the side that moved it wins; two different moves are a
// conflict.
function mergeLocation(context: MergeContext, base: TreeNode | undefined, ours: TreeNode, theirs: TreeNode) {
  const at = (node?: TreeNode) => node && listKey(node.parentId, node.list);
  if (at(ours) === at(theirs) || at(base) === at(theirs)) return ours;
  if (at(base) === at(ours)) return theirs;
  const conflict = conflictOn(ours, 'moved', ['parent'], {
    base: parentIdentity(context, 'base', base),
    ours: parentIdentity(context, 'ours', ours),
    theirs: parentIdentity(context, 'theirs', theirs),
  });
  return decide(context, ours.id, conflict, 'ours') === 'ours' ? ours : theirs;
}

// The first place whose parent the merge keeps. None when the designer chose to remove the parent
// the item was added to: the item goes with it.
function keep(
  context: MergeContext,
  id: string,
  props: JsonRecord,
  places: (Location | undefined)[],
  keyOrder: string[],
) {
  const place = places.find((p) => p && (p.parentId === ROOT_ID || context.kept.has(p.parentId)));
  if (place) context.kept.set(id, { props, parentId: place.parentId, list: place.list, keyOrder });
}

// Whether a side holds the item as the base had it: the same own properties, no child added or
// moved in, every child untouched too. A child the side moved elsewhere is decided on its own.
function untouched(context: MergeContext, side: DefinitionTree, base: TreeNode, kept: TreeNode): boolean {
  if (!deepEqual(ownProperties(base), ownProperties(kept))) return false;
  return CHILD_LISTS[base.type].every((child) => {
    const before = new Set(childIds(context.base, base.id, child.list));
    return childIds(side, kept.id, child.list).every((id) => {
      const was = context.base.nodes.get(id);
      const is = side.nodes.get(id);
      return before.has(id) && was !== undefined && is !== undefined && untouched(context, side, was, is);
    });
  });
}

// Decides whether an item stays, with which properties and where. Parents are decided before their
// children (the caller goes by depth), so a child can follow its parent.
export function mergeItem(context: MergeContext, id: string) {
  const base = context.base.nodes.get(id);
  const ours = context.ours.nodes.get(id);
  const theirs = context.theirs.nodes.get(id);
  const keyOrder = unionKeys(ours?.item, theirs?.item);
  if (ours && theirs) {
    const props = mergeRecords(
      base && ownProperties(base),
      ownProperties(ours),
      ownProperties(theirs),
      [],
      (path, b, o, t) => {
        const conflict = conflictOn(ours, 'property', path, { base: b, ours: o, theirs: t });
        return decide(context, id, conflict, 'ours') === 'ours' ? o : t;
      },
    );
    keep(context, id, props, [mergeLocation(context, base, ours, theirs), ours, theirs, base], keyOrder);
    return;
  }
  const kept = ours ?? theirs;
  if (!kept) return; // removed on both sides
  if (!base) {
    keep(context, id, ownProperties(kept), [kept], keyOrder);
    return;
  }
  const side: MergeSide = ours ? 'ours' : 'theirs';
  const [keptTree, other] = ours ? [context.ours, context.theirs] : [context.theirs, context.ours];
  const sameParent = base.parentId === kept.parentId && base.list === kept.list;
  // Removed on the other side only because its parent was: it follows its parent, whose own
  // decision already weighed everything inside it.
  if (sameParent && base.parentId !== ROOT_ID && !other.nodes.has(base.parentId)) {
    keep(context, id, ownProperties(kept), [kept], keyOrder);
    return;
  }
  if (sameParent && untouched(context, keptTree, base, kept)) return; // removed there, untouched here
  const conflict = conflictOn(kept, 'removed_changed', [], {
    base: base.item,
    ours: ours?.item,
    theirs: theirs?.item,
  });
  if (decide(context, id, conflict, side) === side) keep(context, id, ownProperties(kept), [kept], keyOrder);
}
