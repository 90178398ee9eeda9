import {
  type FieldType,
  isValidTagSegment,
  type ObjectField,
  type ObjectRelation,
  ObjectTypeDefinitionSchema,
  type StudioWorkingCopy,
} from '@attest/shared';
import { newField } from '../designer/model/field-defaults';
import { moveWithin, removeAt, replaceAt } from '../designer/model/tree-edits';
import type { DesignerIssue } from '../designer/model/validation';

// An object type as the designer edits it (plan §2): the shape of ObjectTypeDefinitionSchema with
// its defaults filled in, valid or not yet. The schema checks it on every change and again when a
// version is made.
export type ObjectDraft = {
  tag: string;
  name: string;
  description?: string;
  fields: ObjectField[];
  title_field: string;
  unique_keys: string[][];
  relations: ObjectRelation[];
  list_columns?: string[];
  has_region: boolean;
  has_business_unit: boolean;
};

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

// A working copy's object (any JSON object) read defensively into a draft.
export function normaliseObject(raw: Record<string, unknown>): ObjectDraft {
  const draft: ObjectDraft = {
    tag: typeof raw.tag === 'string' ? raw.tag : '',
    name: typeof raw.name === 'string' ? raw.name : '',
    fields: list<ObjectField>(raw.fields),
    title_field: typeof raw.title_field === 'string' ? raw.title_field : '',
    unique_keys: list<string[]>(raw.unique_keys).map((key) => list<string>(key)),
    relations: list<ObjectRelation>(raw.relations),
    has_region: raw.has_region === true,
    has_business_unit: raw.has_business_unit === true,
  };
  if (typeof raw.description === 'string') draft.description = raw.description;
  if (Array.isArray(raw.list_columns)) draft.list_columns = list<string>(raw.list_columns);
  return draft;
}

export function objectTagOf(raw: Record<string, unknown>): string {
  return typeof raw.tag === 'string' ? raw.tag : '';
}

// A new object type that is valid at once: one required text field, its title.
export function newObjectType(name: string, tag: string, titleLabel: string): ObjectDraft {
  return {
    tag,
    name,
    fields: [{ tag: 'name', type: 'char_field', label: titleLabel, required: true }],
    title_field: 'name',
    unique_keys: [],
    relations: [],
    has_region: false,
    has_business_unit: false,
  };
}

// The tag a name suggests: lower case, letters and digits joined by single underscores.
export function suggestTag(name: string, fallback: string): string {
  const segment = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return isValidTagSegment(segment) ? segment : fallback;
}

function freeTag(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}

// A field of `type` with what its type cannot do without (options, a slider's range), less what
// only a workflow step's field has.
export function newObjectField(fields: readonly ObjectField[], type: FieldType, label: string): ObjectField {
  const stepField = newField({ tag: 'object', name: '', fields: [] }, type, label);
  const {
    tag: _tag,
    visible_when: _v,
    child_kind_tag: _c,
    columns: _cols,
    content: _content,
    ...rest
  } = stepField;
  const tag = freeTag(suggestTag(label, 'field'), new Set(fields.map((f) => f.tag)));
  return { ...rest, tag } as ObjectField;
}

export function addField(draft: ObjectDraft, type: FieldType, label: string): ObjectDraft {
  return { ...draft, fields: [...draft.fields, newObjectField(draft.fields, type, label)] };
}

export function setField(draft: ObjectDraft, index: number, patch: Partial<ObjectField>): ObjectDraft {
  const field = draft.fields[index];
  if (!field) return draft;
  const next = { ...field, ...patch } as Record<string, unknown>;
  for (const key of Object.keys(patch)) if (next[key] === undefined) delete next[key];
  return { ...draft, fields: replaceAt(draft.fields, index, next as ObjectField) };
}

// A field's type changes: the old type's settings go, the new type's required ones come; the tag,
// label, help and required stay.
export function setFieldType(draft: ObjectDraft, index: number, type: FieldType): ObjectDraft {
  const field = draft.fields[index];
  if (!field) return draft;
  const fresh = newObjectField([], type, field.label);
  const kept: ObjectField = { ...fresh, tag: field.tag, label: field.label };
  if (field.help !== undefined) kept.help = field.help;
  if (field.placeholder !== undefined) kept.placeholder = field.placeholder;
  if (field.required) kept.required = true;
  if (field.options && fresh.options) kept.options = field.options;
  return { ...draft, fields: replaceAt(draft.fields, index, kept) };
}

// A field's tag changes: the title, the unique keys and the list columns follow it.
export function setFieldTag(draft: ObjectDraft, index: number, tag: string): ObjectDraft {
  const from = draft.fields[index]?.tag;
  if (from === undefined) return draft;
  const rename = (t: string) => (t === from ? tag : t);
  const next = setField(draft, index, { tag });
  next.title_field = rename(draft.title_field);
  next.unique_keys = draft.unique_keys.map((key) => key.map(rename));
  if (draft.list_columns) next.list_columns = draft.list_columns.map(rename);
  return next;
}

// A field's label changes. A field not yet saved, whose tag is still the one its label suggested,
// takes the tag the new label suggests; a saved field keeps its tag (records hold values under it).
export function setFieldLabel(draft: ObjectDraft, index: number, label: string, saved: boolean): ObjectDraft {
  const field = draft.fields[index];
  if (!field) return draft;
  const suggested = (text: string) => suggestTag(text, 'field');
  const others = new Set(draft.fields.filter((_, i) => i !== index).map((f) => f.tag));
  const following = !saved && field.tag === freeTag(suggested(field.label), others);
  const next = setField(draft, index, { label });
  return following ? setFieldTag(next, index, freeTag(suggested(label), others)) : next;
}

// A removed field leaves the keys and list columns; the title keeps naming it, so its message
// asks for another title.
export function removeField(draft: ObjectDraft, index: number): ObjectDraft {
  const tag = draft.fields[index]?.tag;
  const next = { ...draft, fields: removeAt(draft.fields, index) };
  next.unique_keys = draft.unique_keys
    .map((key) => key.filter((t) => t !== tag))
    .filter((key) => key.length > 0);
  if (draft.list_columns) next.list_columns = draft.list_columns.filter((t) => t !== tag);
  return next;
}

export function moveField(draft: ObjectDraft, from: number, to: number): ObjectDraft {
  if (to < 0 || to >= draft.fields.length) return draft;
  return { ...draft, fields: moveWithin(draft.fields, from, to) };
}

// The working copy with this object type in place of the one with `tag` (added when it is gone).
export function withObject(pkg: StudioWorkingCopy, tag: string, draft: ObjectDraft): StudioWorkingCopy {
  const objects = (pkg.objects ?? []).slice();
  const index = objects.findIndex((o) => objectTagOf(o) === tag);
  const raw = draft as unknown as Record<string, unknown>;
  if (index >= 0) objects[index] = raw;
  else objects.push(raw);
  return { ...pkg, objects };
}

export function withoutObject(pkg: StudioWorkingCopy, tag: string): StudioWorkingCopy {
  return { ...pkg, objects: (pkg.objects ?? []).filter((o) => objectTagOf(o) !== tag) };
}

// The schema's own messages, each under the part it concerns: a field by its place, or a property
// of the object type ('title_field', 'unique_keys.0', 'relations.1.tag').
export type ObjectIssues = {
  count: number;
  fields: ReadonlyMap<number, DesignerIssue[]>;
  object: readonly DesignerIssue[];
};

export function validateObject(draft: ObjectDraft): ObjectIssues {
  const result = ObjectTypeDefinitionSchema.safeParse(draft);
  const fields = new Map<number, DesignerIssue[]>();
  const object: DesignerIssue[] = [];
  if (result.success) return { count: 0, fields, object };
  for (const issue of result.error.issues) {
    const [head, index, ...rest] = issue.path;
    if (head === 'fields' && typeof index === 'number') {
      const own = fields.get(index) ?? [];
      own.push({ property: rest.map(String).join('.'), message: issue.message });
      fields.set(index, own);
    } else object.push({ property: issue.path.map(String).join('.'), message: issue.message });
  }
  return { count: result.error.issues.length, fields, object };
}
