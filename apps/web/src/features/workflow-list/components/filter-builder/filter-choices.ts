import type { FilterAttribute } from '@attest/shared';

export type FilterOption = { value: string; label: string };

// Choices the catalogue does not carry (spec 1 §7 regions/, business-units/, the tenant's users):
// the dashboard passes what it has loaded; without them the value is typed (an id).
export type FilterChoices = {
  regions?: readonly FilterOption[];
  businessUnits?: readonly FilterOption[];
  users?: readonly FilterOption[];
};

export function optionsFor(
  attribute: FilterAttribute,
  choices: FilterChoices | undefined,
): FilterOption[] | null {
  if (attribute.options && attribute.options.length > 0) return attribute.options;
  const source = attribute.source;
  if (source.kind === 'workflow' && source.attribute === 'region') return copy(choices?.regions);
  if (source.kind === 'workflow' && source.attribute === 'business_unit') return copy(choices?.businessUnits);
  if (attribute.type === 'user') return copy(choices?.users);
  return null;
}

const copy = (list: readonly FilterOption[] | undefined): FilterOption[] | null =>
  list && list.length > 0 ? [...list] : null;
