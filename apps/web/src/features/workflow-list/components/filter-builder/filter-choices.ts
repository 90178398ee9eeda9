import type { FilterAttribute } from '@attest/shared';

// `color`: a badge's colour, shown beside its label.
export type FilterOption = { value: string; label: string; color?: string };

// Choices the catalogue does not carry (spec 1 §7 regions/, business-units/, the tenant's users,
// the ISO countries): the dashboard passes what it has loaded, the builder adds the countries and
// the people; without them the value is typed (an id or a code).
export type FilterChoices = {
  regions?: readonly FilterOption[];
  businessUnits?: readonly FilterOption[];
  users?: readonly FilterOption[];
  countries?: readonly FilterOption[];
  // Every kind's statuses by tag, for the workflow status when no kind is chosen (a chosen kind's
  // catalogue carries its own).
  statuses?: readonly FilterOption[];
  // Issue 19: the tenant's live badges by tag, for the workflow's badges (GET /api/v1/badges/).
  badges?: readonly FilterOption[];
};

const COUNTRY_FIELD_TYPES: ReadonlySet<string> = new Set(['country_single_select', 'country_multi_select']);

// Which list of choices an attribute's values come from: its own options (a choice field of the
// kind's definition, a status), or one the builder is given. Values stay codes and ids; the
// choices put names on them.
export function choiceSource(attribute: FilterAttribute): keyof FilterChoices | 'options' | null {
  if (attribute.options && attribute.options.length > 0) return 'options';
  const source = attribute.source;
  const of = source.kind === 'workflow' ? source.attribute : source.kind === 'field' ? source.field_type : '';
  if ((source.kind === 'workflow' || source.kind === 'field') && of === 'region') return 'regions';
  if ((source.kind === 'workflow' || source.kind === 'field') && of === 'business_unit')
    return 'businessUnits';
  if (source.kind === 'field' && COUNTRY_FIELD_TYPES.has(source.field_type)) return 'countries';
  if (source.kind === 'workflow' && source.attribute === 'status') return 'statuses';
  // A badge_tags answer field holds free tags; only the workflow's badges are the tenant's badges.
  if (source.kind === 'workflow' && source.attribute === 'badges') return 'badges';
  if (attribute.type === 'user') return 'users';
  return null;
}

export function optionsFor(
  attribute: FilterAttribute,
  choices: FilterChoices | undefined,
): FilterOption[] | null {
  const from = choiceSource(attribute);
  if (from === 'options') return attribute.options ? [...attribute.options] : null;
  return from ? copy(choices?.[from]) : null;
}

// A value the choices do not hold (a saved filter naming a region no longer offered, or choices
// still loading) stays shown and chosen, under its code.
export function withValues(options: readonly FilterOption[], values: readonly string[]): FilterOption[] {
  const known = new Set(options.map((option) => option.value));
  const missing = values.filter((value) => value !== '' && !known.has(value));
  return missing.length === 0
    ? [...options]
    : [...options, ...[...new Set(missing)].map((value) => ({ value, label: value }))];
}

const copy = (list: readonly FilterOption[] | undefined): FilterOption[] | null =>
  list && list.length > 0 ? [...list] : null;

// Statuses of several kinds share a tag ('draft'); one choice per tag, named as the kinds name it.
export function statusOptions(statuses: readonly { tag: string; display_name: string }[]): FilterOption[] {
  const names = new Map<string, string[]>();
  for (const status of statuses) {
    const list = names.get(status.tag) ?? [];
    if (!list.includes(status.display_name)) list.push(status.display_name);
    names.set(status.tag, list);
  }
  return [...names].map(([tag, list]) => ({ value: tag, label: list.join(' / ') }));
}
