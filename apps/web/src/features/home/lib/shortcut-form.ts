import type { HomeUseCase } from '@attest/shared';

// Settings > Shortcuts' form view reads and writes the same JSON the editor shows (spec 2 §3.9), so
// both stay in step: each change returns a new configuration; keys the form does not know are kept.

type Json = Record<string, unknown>;

export type ShortcutForm = {
  title: string;
  description: string;
  use_case: HomeUseCase | '';
  kind_tag: string;
  step_tag: string;
  field_tag: string;
  start_from_kind_tag: string;
  creation_kind_tag: string;
  allowed_status_ids: string[];
  create_button_label: string;
  status_filtering_fallback_message: string;
};

export type ShortcutField = Exclude<keyof ShortcutForm, 'allowed_status_ids'>;
export type TopField = 'create_new_message' | 'my_process_report' | 'process_shortcuts';

const SHORTCUTS = 'child_workflow_shortcut_config';

export function objectOf(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function shortcutsOf(config: unknown): unknown[] {
  const list = objectOf(config)[SHORTCUTS];
  return Array.isArray(list) ? list : [];
}

// The mapping a shortcut uses is the one under its start_from_kind_tag, else its kind_tag (§3.9).
function mappingKey(shortcut: Json): string {
  return textOf(shortcut.start_from_kind_tag) || textOf(shortcut.kind_tag);
}

export function shortcutFormOf(raw: unknown): ShortcutForm {
  const shortcut = objectOf(raw);
  const ui = objectOf(shortcut.ui);
  const mapping = objectOf(objectOf(shortcut.workflow_mapping_config)[mappingKey(shortcut)]);
  const mappingUi = objectOf(mapping.ui);
  const useCase = textOf(shortcut.use_case);
  return {
    title: textOf(ui.title),
    description: textOf(ui.description),
    use_case: useCase === 'create_new_workflow' || useCase === 'navigate_to_parent_step' ? useCase : '',
    kind_tag: textOf(shortcut.kind_tag),
    step_tag: textOf(shortcut.step_tag),
    field_tag: textOf(shortcut.field_tag),
    start_from_kind_tag: textOf(shortcut.start_from_kind_tag),
    creation_kind_tag: textOf(mapping.creation_kind_tag),
    allowed_status_ids: Array.isArray(mapping.allowed_status_ids)
      ? mapping.allowed_status_ids.map(String)
      : [],
    create_button_label: textOf(mappingUi.create_button_label),
    status_filtering_fallback_message: textOf(mappingUi.status_filtering_fallback_message),
  };
}

// An empty value removes the key (every field the form offers is optional in the schema), and an
// object left empty goes too, so the JSON stays as small as a person would write it.
function set(target: Json, key: string, value: unknown): Json {
  const next = { ...target };
  const empty =
    value === '' ||
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);
  if (empty) delete next[key];
  else next[key] = value;
  return next;
}

function withMapping(shortcut: Json, change: (mapping: Json) => Json): Json {
  const key = mappingKey(shortcut);
  if (!key) return shortcut;
  const mappings = objectOf(shortcut.workflow_mapping_config);
  return set(shortcut, 'workflow_mapping_config', set(mappings, key, change(objectOf(mappings[key]))));
}

// Renaming the kind moves its mapping along, unless the new kind already has one.
function withRenamedKind(shortcut: Json, field: 'kind_tag' | 'start_from_kind_tag', value: string): Json {
  const before = mappingKey(shortcut);
  const next = set(shortcut, field, value);
  const after = mappingKey(next);
  const mappings = objectOf(next.workflow_mapping_config);
  if (!before || !after || before === after || !(before in mappings) || after in mappings) return next;
  const { [before]: moved, ...others } = mappings;
  return set(next, 'workflow_mapping_config', { ...others, [after]: moved });
}

function withShortcutValue(raw: unknown, field: keyof ShortcutForm, value: string | string[]): Json {
  const shortcut = objectOf(raw);
  const text = typeof value === 'string' ? value : '';
  switch (field) {
    case 'title':
    case 'description':
      return set(shortcut, 'ui', set(objectOf(shortcut.ui), field, text));
    case 'kind_tag':
    case 'start_from_kind_tag':
      return withRenamedKind(shortcut, field, text);
    case 'creation_kind_tag':
      return withMapping(shortcut, (mapping) => set(mapping, field, text));
    case 'create_button_label':
    case 'status_filtering_fallback_message':
      return withMapping(shortcut, (mapping) => set(mapping, 'ui', set(objectOf(mapping.ui), field, text)));
    case 'allowed_status_ids': {
      const ids = (Array.isArray(value) ? value : []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
      return withMapping(shortcut, (mapping) => set(mapping, field, [...new Set(ids)]));
    }
    default:
      return set(shortcut, field, text);
  }
}

export function withShortcutChange(
  config: unknown,
  index: number,
  field: keyof ShortcutForm,
  value: string | string[],
): Json {
  const list = shortcutsOf(config).map((s, i) => (i === index ? withShortcutValue(s, field, value) : s));
  return { ...objectOf(config), [SHORTCUTS]: list };
}

// A new shortcut starts as the smallest valid kind: one that opens a parent's step.
export function withShortcutAdded(config: unknown): Json {
  const added = { kind_tag: '', step_tag: '', use_case: 'navigate_to_parent_step', ui: { title: '' } };
  return { ...objectOf(config), [SHORTCUTS]: [...shortcutsOf(config), added] };
}

export function withShortcutRemoved(config: unknown, index: number): Json {
  return set(
    objectOf(config),
    SHORTCUTS,
    shortcutsOf(config).filter((_, i) => i !== index),
  );
}

export function topFormOf(config: unknown) {
  const object = objectOf(config);
  const report = object.my_process_report;
  return {
    create_new_message: textOf(object.create_new_message),
    my_process_report: typeof report === 'number' ? report : null,
    process_shortcuts: Array.isArray(object.process_shortcuts) ? object.process_shortcuts.map(String) : [],
  };
}

export function withTopChange(
  config: unknown,
  field: TopField,
  value: string | string[] | number | null,
): Json {
  return set(objectOf(config), field, value === null ? undefined : value);
}

const FORM_FIELDS: readonly string[] = [
  'title',
  'description',
  'use_case',
  'kind_tag',
  'step_tag',
  'field_tag',
  'start_from_kind_tag',
  'creation_kind_tag',
  'allowed_status_ids',
  'create_button_label',
  'status_filtering_fallback_message',
];

// Which shortcut field of the form a problem's path (the JSON's, or the API's dotted one) is about,
// so the form shows the message at the field too.
export function problemField(path: readonly string[]): { index: number; field: keyof ShortcutForm } | null {
  if (path[0] !== SHORTCUTS || path[1] === undefined || !/^\d+$/.test(path[1])) return null;
  const field = [...path].reverse().find((segment) => FORM_FIELDS.includes(segment));
  return field ? { index: Number(path[1]), field: field as keyof ShortcutForm } : null;
}
