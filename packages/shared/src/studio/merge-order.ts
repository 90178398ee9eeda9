import { CHILD_LISTS, childIds, listKey, PACKAGE_LISTS, ROOT_ID } from './definition-tree.js';
import type { JsonRecord } from './json-values.js';
import { placeAfterNeighbours, sameOrder } from './list-order.js';
import { decide, type MergeContext } from './merge-context.js';

// The kept items of one list in their merged order: the items all three sides hold follow the side
// that reordered them (a different reorder on each side is a conflict); every other item (added, or
// moved in) goes after the neighbour it has on the side it came from, or last when it came last.
function orderList(context: MergeContext, members: ReadonlySet<string>, parentId: string, list: string) {
  const sequence = (side: 'base' | 'ours' | 'theirs') =>
    childIds(context[side], parentId, list).filter((id) => members.has(id));
  const base = sequence('base');
  const ours = sequence('ours');
  const theirs = sequence('theirs');
  const inTheirs = new Set(theirs);
  const inBase = new Set(base);
  const common = new Set(ours.filter((id) => inTheirs.has(id) && inBase.has(id)));
  const shared = (ids: string[]) => ids.filter((id) => common.has(id));
  const [b, o, t] = [shared(base), shared(ours), shared(theirs)];
  let order = o;
  if (!sameOrder(o, t) && !sameOrder(b, t)) {
    if (sameOrder(b, o)) order = t;
    else {
      const parent = context.ours.nodes.get(parentId) ?? context.theirs.nodes.get(parentId);
      const tags = (ids: string[]) => ids.map((id) => context.ours.nodes.get(id)?.identity.at(-1) ?? id);
      const conflict = {
        id: `${parentId}|order:${list}`,
        kind: 'order' as const,
        item: parent?.type ?? 'process',
        identity: parent?.identity ?? [],
        path: [list],
        base: tags(b),
        ours: tags(o),
        theirs: tags(t),
      };
      if (decide(context, parentId, conflict, 'ours') === 'theirs') order = t;
    }
  }
  const result = [...order];
  const extras = new Set([...members].filter((id) => !common.has(id)));
  placeAfterNeighbours(result, ours, extras, { trailingToEnd: true });
  placeAfterNeighbours(result, theirs, extras, { trailingToEnd: true });
  placeAfterNeighbours(result, base, extras, { trailingToEnd: true });
  const placed = new Set(result);
  for (const id of members) if (!placed.has(id)) result.push(id);
  return result;
}

// Rebuilds the merged package from the kept items, each object with its keys in the order the
// sides had them. Returns each of the package's lists (processes, objects) by name, and the ids in
// output order too, to list conflicts in the same order.
export function buildMerged(context: MergeContext): { lists: Map<string, JsonRecord[]>; order: string[] } {
  const members = new Map<string, Set<string>>();
  for (const [id, kept] of context.kept) {
    const key = listKey(kept.parentId, kept.list);
    const set = members.get(key) ?? new Set<string>();
    set.add(id);
    members.set(key, set);
  }
  const order: string[] = [];
  const listOf = (parentId: string, list: string) =>
    orderList(context, members.get(listKey(parentId, list)) ?? new Set(), parentId, list);

  const build = (id: string): JsonRecord => {
    order.push(id);
    const kept = context.kept.get(id) ?? { props: {}, parentId: ROOT_ID, list: '', keyOrder: [] };
    const node = context.ours.nodes.get(id) ?? context.theirs.nodes.get(id) ?? context.base.nodes.get(id);
    const lists = new Map<string, JsonRecord[]>();
    for (const child of CHILD_LISTS[node?.type ?? 'process']) {
      const children = listOf(id, child.list).map(build);
      // An optional list (alert_rules) that no side had stays absent.
      if (children.length > 0 || kept.keyOrder.includes(child.list)) lists.set(child.list, children);
    }
    const item: JsonRecord = {};
    for (const key of [...kept.keyOrder, ...Object.keys(kept.props), ...lists.keys()]) {
      if (key in item) continue;
      if (lists.has(key)) item[key] = lists.get(key);
      else if (key in kept.props) item[key] = kept.props[key];
    }
    return item;
  };
  const lists = new Map(PACKAGE_LISTS.map(({ list }) => [list, listOf(ROOT_ID, list).map(build)]));
  return { lists, order };
}
