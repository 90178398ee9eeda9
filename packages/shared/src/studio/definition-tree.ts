import { isRecord, type JsonRecord } from './json-values.js';

// The things a designer adds, removes, moves and changes in a package of processes and object types.
export const STUDIO_ITEM_TYPES = [
  'process',
  'status',
  'step_group',
  'step',
  'field',
  'alert_rule',
  'object',
] as const;
export type StudioItemType = (typeof STUDIO_ITEM_TYPES)[number];

type ChildList = { list: string; type: StudioItemType };

// The lists each item holds, in the order the designer shows them. Every other property (kind,
// initial_status, options, conditions, assignees, ...) is a property of its item, compared as a value.
export const CHILD_LISTS: Readonly<Record<StudioItemType, readonly ChildList[]>> = {
  process: [
    { list: 'statuses', type: 'status' },
    { list: 'step_groups', type: 'step_group' },
    { list: 'alert_rules', type: 'alert_rule' },
  ],
  step_group: [{ list: 'steps', type: 'step' }],
  step: [{ list: 'fields', type: 'field' }],
  status: [],
  field: [],
  alert_rule: [],
  // An object type's unique keys, relations and title field are its properties, compared as values.
  object: [{ list: 'fields', type: 'field' }],
};

export const ROOT_ID = '';
export const PROCESSES_LIST = 'processes';
export const OBJECTS_LIST = 'objects';
// The package's own lists, walked alike by the diff and the merge: processes (issue 15), then object
// types (issue 18).
export const PACKAGE_LISTS: readonly ChildList[] = [
  { list: PROCESSES_LIST, type: 'process' },
  { list: OBJECTS_LIST, type: 'object' },
];

// One item of a package. Its id is its identity across versions: the process's kind tag (or the
// object type's tag), then the item's type and tag. The schema keeps tags unique within a definition (groups, steps and fields
// share one namespace; statuses and alert rules each have their own), so an item keeps its id when it
// is moved to another parent; only a tag change makes it another item.
export type TreeNode = {
  id: string;
  type: StudioItemType;
  // Tags path from the process (or object type) down, e.g. [kind, group, step, field].
  identity: string[];
  parentId: string;
  list: string;
  index: number;
  depth: number;
  item: JsonRecord;
};

export type DefinitionTree = {
  nodes: Map<string, TreeNode>;
  // Children ids in list order, by listKey(parentId, list).
  lists: Map<string, string[]>;
  processTag: string | undefined;
};

export function listKey(parentId: string, list: string): string {
  return `${parentId}\n${list}`;
}

export function childIds(tree: DefinitionTree, parentId: string, list: string): readonly string[] {
  return tree.lists.get(listKey(parentId, list)) ?? [];
}

const LIST_NAMES = new Map(
  STUDIO_ITEM_TYPES.map((type) => [type, new Set(CHILD_LISTS[type].map((child) => child.list))]),
);

// The names of the child lists an item of this type holds.
export function listNames(type: StudioItemType): ReadonlySet<string> {
  return LIST_NAMES.get(type) ?? new Set();
}

// The item without its child lists: what a `changed` compares and a merge merges.
export function ownProperties(node: TreeNode): JsonRecord {
  const lists = listNames(node.type);
  const own: JsonRecord = {};
  for (const [key, value] of Object.entries(node.item)) {
    if (!lists.has(key)) own[key] = value;
  }
  return own;
}

function tagOf(type: StudioItemType, item: JsonRecord, processTag: string | undefined): unknown {
  if (type !== 'process') return item.tag;
  return processTag ?? (isRecord(item.kind) ? item.kind.tag : undefined);
}

// Indexes a package, or a draft of one: entries that are not objects are not items and are skipped,
// an item without a tag is known by its position, and a repeated tag gets a numbered id. processTag,
// when given, identifies every process (to compare two definitions whose kind tag differs).
export function indexPackage(pkg: unknown, processTag?: string): DefinitionTree {
  const tree: DefinitionTree = { nodes: new Map(), lists: new Map(), processTag };
  const root = { id: ROOT_ID, identity: [], depth: 0 };
  for (const { list, type } of PACKAGE_LISTS)
    addList(tree, isRecord(pkg) ? pkg[list] : undefined, root, list, type, '');
  return tree;
}

type Parent = { id: string; identity: string[]; depth: number };

function addList(
  tree: DefinitionTree,
  value: unknown,
  parent: Parent,
  list: string,
  type: StudioItemType,
  scope: string,
) {
  if (!Array.isArray(value)) return;
  const ids: string[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const tag = tagOf(type, item, tree.processTag);
    const position = `#${ids.length + 1}`;
    const key = typeof tag === 'string' && tag !== '' ? tag : position;
    const base = key === tag ? `${scope}${type}:${tag}` : `${parent.id}/${list}${position}`;
    let id = base;
    for (let repeat = 2; tree.nodes.has(id); repeat++) id = `${base}#${repeat}`;
    const node: TreeNode = {
      id,
      type,
      identity: [...parent.identity, key],
      parentId: parent.id,
      list,
      index: ids.length,
      depth: parent.depth + 1,
      item,
    };
    tree.nodes.set(id, node);
    ids.push(id);
    // Tags repeat across processes (every kind may have a 'draft' status) and object types (two types
    // may both have a 'name' field), so ids below a process or an object type are scoped by it.
    const childScope = type === 'process' || type === 'object' ? `${id}/` : scope;
    for (const child of CHILD_LISTS[type]) {
      addList(tree, item[child.list], node, child.list, child.type, childScope);
    }
  }
  tree.lists.set(listKey(parent.id, list), ids);
}
