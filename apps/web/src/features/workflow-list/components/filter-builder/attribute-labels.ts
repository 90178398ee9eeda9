import type { FilterAttribute, FilterProblem } from '@attest/shared';
import type { TFunction } from 'i18next';

// Fixed attributes carry a translation key (label_key, under filters.); a field's label is the
// kind designer's own text, shown as written.
export function attributeName(t: TFunction, attribute: FilterAttribute): string {
  if (!attribute.label_key) return attribute.label;
  const name = t(`filters.${attribute.label_key}`, { defaultValue: attribute.label });
  // A step attribute names its step, as the same attribute exists for every step.
  return attribute.source.kind === 'step' && attribute.group_label
    ? t('filters.stepAttribute', { step: attribute.group_label, attribute: name })
    : name;
}

// The picker's groups (brief: Workflow, Steps per step, Fields per step, User).
export function attributeGroup(t: TFunction, attribute: FilterAttribute): string {
  switch (attribute.source.kind) {
    case 'workflow':
      return t('filters.groups.workflow');
    case 'user':
      return t('filters.groups.user');
    case 'step':
      return t('filters.groups.step', { name: attribute.group_label ?? '' });
    case 'field':
      return t('filters.groups.field', { name: attribute.group_label ?? '' });
    // A record list's own columns (issue 18); its fields are grouped as fields.
    case 'record':
      return t('filters.groups.record');
  }
}

// The shared validator's keys, translated under filters.errors (operators named in words).
export function problemText(t: TFunction, problem: FilterProblem): string {
  const params: Record<string, string | number> = { ...problem.params };
  if (typeof params.operator === 'string') params.operator = t(`filters.operators.${params.operator}`);
  return t(`filters.errors.${problem.key}`, params);
}
