import {
  CHILD_LISTS,
  childIds,
  type DefinitionTree,
  indexPackage,
  listNames,
  PACKAGE_LISTS,
  ROOT_ID,
  type StudioItemType,
  type TreeNode,
} from './definition-tree.js';
import { keptInOrder, placeAfterNeighbours } from './list-order.js';
import { diffProperties, type PropertyChange } from './property-diff.js';

// Where an item sits: its parent's tags path and its position among its siblings.
export type ItemPlace = { parent: string[]; index: number };

// One row of the side-by-side diff. `added` and `removed` list every property of the item (before
// or after undefined); `moved` has both places (another parent, or a reorder among the same
// siblings); `changed` the properties that differ. An item moved and changed has one row of each.
export type DefinitionChange = {
  kind: 'added' | 'removed' | 'moved' | 'changed';
  item: StudioItemType;
  identity: string[];
  from?: ItemPlace;
  to?: ItemPlace;
  properties?: PropertyChange[];
};

function place(tree: DefinitionTree, node: TreeNode): ItemPlace {
  return { parent: tree.nodes.get(node.parentId)?.identity ?? [], index: node.index };
}

// Rows in the definition order of `after`, each removed item where it was: after the sibling that
// preceded it, or inside its removed parent.
function diffTrees(before: DefinitionTree, after: DefinitionTree): DefinitionChange[] {
  const changes: DefinitionChange[] = [];

  const removed = (node: TreeNode) => {
    const properties = diffProperties(node.item, undefined, [], listNames(node.type));
    changes.push({
      kind: 'removed',
      item: node.type,
      identity: node.identity,
      from: place(before, node),
      properties,
    });
    for (const child of CHILD_LISTS[node.type]) {
      for (const id of childIds(before, node.id, child.list)) {
        const gone = before.nodes.get(id);
        if (gone && !after.nodes.has(id)) removed(gone);
      }
    }
  };

  const present = (node: TreeNode, stayed: ReadonlySet<string>) => {
    const was = before.nodes.get(node.id);
    const item = node.type;
    const identity = node.identity;
    const lists = listNames(node.type);
    if (!was) {
      const properties = diffProperties(undefined, node.item, [], lists);
      changes.push({ kind: 'added', item, identity, to: place(after, node), properties });
    } else {
      const moved = !stayed.has(node.id);
      if (moved)
        changes.push({ kind: 'moved', item, identity, from: place(before, was), to: place(after, node) });
      // An editor that updates immutably hands over untouched items as the same object.
      if (was.item === node.item && !moved) return;
      const properties = diffProperties(was.item, node.item, [], lists);
      if (properties.length > 0) {
        const [from, to] = [place(before, was), place(after, node)];
        changes.push({ kind: 'changed', item, identity, from, to, properties });
      }
    }
    for (const child of CHILD_LISTS[node.type]) list(node.id, child.list);
  };

  const list = (parentId: string, name: string) => {
    const now = childIds(after, parentId, name);
    const then = childIds(before, parentId, name);
    const formerIndex = (id: string) => before.nodes.get(id)?.index ?? -1;
    const siblings = now.filter((id) => {
      const was = before.nodes.get(id);
      return was?.parentId === parentId && was.list === name;
    });
    const stayed = keptInOrder(siblings, formerIndex);
    const gone = new Set(then.filter((id) => !after.nodes.has(id)));
    const rows = [...now];
    placeAfterNeighbours(rows, then, gone);
    for (const id of rows) {
      const node = after.nodes.get(id);
      const was = before.nodes.get(id);
      if (node) present(node, stayed);
      else if (was) removed(was);
    }
  };

  for (const root of PACKAGE_LISTS) list(ROOT_ID, root.list);
  return changes;
}

// Two packages (savepoints or versions of an app): processes are matched by their kind tag, object
// types by their tag.
export function diffPackages(before: unknown, after: unknown): DefinitionChange[] {
  return diffTrees(indexPackage(before), indexPackage(after));
}

// Two versions of one process, whatever their kind tags. Identities and parents start below the
// process (group, step, field); the process's own row has the identity [].
export function diffDefinitions(before: unknown, after: unknown): DefinitionChange[] {
  const wrap = (definition: unknown) => ({ processes: definition === undefined ? [] : [definition] });
  const changes = diffTrees(indexPackage(wrap(before), 'process'), indexPackage(wrap(after), 'process'));
  const below = (p: ItemPlace | undefined) => p && { parent: p.parent.slice(1), index: p.index };
  return changes.map((change) => {
    const row: DefinitionChange = { ...change, identity: change.identity.slice(1) };
    if (change.from) row.from = below(change.from);
    if (change.to) row.to = below(change.to);
    return row;
  });
}
