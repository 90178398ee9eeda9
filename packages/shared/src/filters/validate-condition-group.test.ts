import { describe, expect, it } from 'vitest';
import { DEMO_WORKFLOW_DEFINITIONS } from '../testing/index.js';
import { catalogueForDefinition, commonCatalogue } from './catalogue.js';
import type { ConditionGroup, FilterCondition } from './condition-group.js';
import { type AttributeType, FILTER_OPERATORS, isOperatorAllowed } from './operators.js';
import { validateCondition, validateConditionGroup } from './validate-condition-group.js';

const group = (...conditions: FilterCondition[]): ConditionGroup => ({
  compareType: 'AND',
  conditions,
  groups: [],
});
const keyOf = (condition: FilterCondition) => validateCondition(condition)?.key ?? null;
const typed = (type: AttributeType, operator: FilterCondition['operator'], value: FilterCondition['value']) =>
  keyOf({ field: 'x', type, operator, value });

describe('validateConditionGroup (spec 1 §5)', () => {
  it('accepts a complete condition and a nested OR group', () => {
    const filter: ConditionGroup = {
      compareType: 'AND',
      conditions: [{ field: 'workflow__name', type: 'text', operator: 'contains', value: 'acme' }],
      groups: [
        {
          compareType: 'OR',
          conditions: [
            { field: 'workflow__progress', type: 'integer', operator: 'gte', value: 50 },
            { field: 'workflow__created_at', type: 'date', operator: 'is_within_last', value: '30d' },
          ],
          groups: [],
        },
      ],
    };
    expect(validateConditionGroup(filter, commonCatalogue())).toEqual({ valid: true, problems: [] });
  });

  it('needs a field path, an operator and a value', () => {
    expect(keyOf({ field: '', type: 'text', operator: 'eq', value: 'a' })).toBe('fieldRequired');
    expect(keyOf({ field: 'x', type: 'text', value: 'a' })).toBe('operatorRequired');
    expect(typed('text', 'eq', '')).toBe('valueRequired');
    expect(typed('text', 'eq', '  ')).toBe('valueRequired');
    expect(typed('text', 'eq', null)).toBe('valueRequired');
    expect(typed('integer', 'in', [])).toBe('listValueRequired');
    expect(typed('text', 'is_set', null)).toBeNull();
    expect(typed('text', 'is_empty', undefined)).toBeNull();
  });

  it('needs exactly two non-empty values for a range', () => {
    expect(typed('integer', 'range', [1])).toBe('rangeNeedsTwoValues');
    expect(typed('integer', 'range', [1, 2, 3])).toBe('rangeNeedsTwoValues');
    expect(typed('integer', 'range', [1, ''])).toBe('rangeNeedsTwoValues');
    expect(typed('integer', 'range', 5)).toBe('rangeNeedsTwoValues');
    expect(typed('integer', 'range', [1, 2])).toBeNull();
    expect(typed('date', 'range', ['2026-01-01', '2026-02-01T00:00:00.000000Z'])).toBeNull();
  });

  it('refuses a badge-tags filter with an empty value', () => {
    expect(typed('badge_tags', 'eq', '')).toBe('badgeTagsValueRequired');
    expect(typed('badge_tags', 'in', [])).toBe('badgeTagsValueRequired');
    expect(typed('badge_tags', 'in', ['critical'])).toBeNull();
  });

  it('checks values against the type', () => {
    expect(typed('integer', 'eq', 'ten')).toBe('invalidNumber');
    expect(typed('decimal', 'gt', '1.5')).toBeNull();
    expect(typed('date', 'gt', '2026-02-30')).toBe('invalidDate');
    expect(typed('naive_date', 'lt', 'yesterday')).toBe('invalidDate');
    expect(typed('boolean', 'eq', 'yes')).toBe('invalidBoolean');
    expect(typed('boolean', 'eq', false)).toBeNull();
    expect(typed('text', 'eq', ['a', 'b'])).toBe('valueRequired');
  });

  it('keeps to the operator limits by type', () => {
    for (const type of ['text', 'url', 'email', 'array', 'phone', 'char'] as const) {
      for (const operator of ['gt', 'gte', 'lt', 'lte', 'range'] as const) {
        expect(isOperatorAllowed(type, operator)).toBe(false);
      }
    }
    for (const type of ['date', 'naive_date', 'relative_date', 'boolean'] as const) {
      expect(isOperatorAllowed(type, 'contains')).toBe(false);
      expect(isOperatorAllowed(type, 'not_contains')).toBe(false);
    }
    for (const type of ['text', 'char'] as const) {
      expect(isOperatorAllowed(type, 'in')).toBe(false);
      expect(isOperatorAllowed(type, 'not_in')).toBe(false);
    }
    expect(typed('text', 'gt', 'a')).toBe('operatorNotAllowedForType');
    expect(validateCondition({ field: 'x', type: 'char', operator: 'in', value: ['a'] })).toEqual({
      path: '',
      key: 'operatorNotAllowedForType',
      params: { operator: 'in', type: 'char' },
    });
    expect(isOperatorAllowed('date', 'is_within_last')).toBe(true);
    expect(isOperatorAllowed('integer', 'is_within_last')).toBe(false);
    expect(isOperatorAllowed('naive_date', 'is_within_next')).toBe(true);
    expect(isOperatorAllowed('text', 'is_within_next')).toBe(false);
    // Spec 1 §3's fourteen, and issue 19's is_within_next (dates ahead).
    expect(FILTER_OPERATORS).toHaveLength(15);
  });

  it('reports the relative-time keys of an is_within_last period', () => {
    expect(typed('date', 'is_within_last', '-3d')).toBe('negativeNumberNotAllowed');
    expect(typed('date', 'is_within_next', '-3d')).toBe('negativeNumberNotAllowed');
    expect(typed('date', 'is_within_last', '1.5d')).toBe('decimalNumberNotAllowed');
    expect(typed('date', 'is_within_last', '1e3d')).toBe('onlyDigitsAllowed');
    expect(typed('date', 'is_within_last', '525601m')).toBe('maxLimitForMinute');
    expect(typed('date', 'is_within_last', '8761h')).toBe('maxLimitForHours');
    expect(typed('date', 'is_within_last', '3651d')).toBe('maxLimitForDays');
    expect(typed('date', 'is_within_last', '521w')).toBe('maxLimitForWeeks');
    expect(typed('date', 'is_within_last', '121M')).toBe('maxLimitForMonths');
    expect(typed('date', 'is_within_last', '30y')).toBe('invalidPeriod');
    expect(typed('date', 'is_within_last', 30)).toBe('invalidPeriod');
    expect(typed('date', 'is_within_last', 'd')).toBe('invalidPeriod');
    expect(typed('naive_date', 'is_within_last', '12M')).toBeNull();
  });

  it('refuses empty groups, too deep and too many conditions, with their paths', () => {
    expect(validateConditionGroup(group()).problems).toEqual([{ path: '', key: 'emptyGroup' }]);
    const nested = (depth: number): ConditionGroup =>
      depth === 1
        ? group({ field: 'x', type: 'text', operator: 'is_set', value: null })
        : { compareType: 'OR', conditions: [], groups: [nested(depth - 1)] };
    expect(validateConditionGroup(nested(5)).valid).toBe(true);
    expect(validateConditionGroup(nested(6)).problems).toEqual([
      { path: 'groups.0.groups.0.groups.0.groups.0.groups.0', key: 'tooDeep', params: { max: 5 } },
    ]);
    const many = {
      compareType: 'AND' as const,
      conditions: [],
      groups: [1, 2].map(() =>
        group(
          ...Array.from({ length: 26 }, () => ({
            field: 'x',
            type: 'text' as const,
            operator: 'is_set' as const,
          })),
        ),
      ),
    };
    expect(validateConditionGroup(many).problems).toEqual([
      { path: '', key: 'tooManyConditions', params: { max: 50 } },
    ]);
    const bad = { compareType: 'AND' as const, conditions: [], groups: [group(), group({ field: '' })] };
    expect(validateConditionGroup(bad).problems).toEqual([
      { path: 'groups.0', key: 'emptyGroup' },
      { path: 'groups.1.conditions.0', key: 'fieldRequired' },
    ]);
  });

  it('with a catalogue: refuses unknown attributes and a type that differs from it', () => {
    const catalogue = commonCatalogue();
    const check = (c: FilterCondition) => validateCondition(c, catalogue)?.key ?? null;
    expect(check({ field: 'workflow__nope', type: 'text', operator: 'eq', value: 'a' })).toBe(
      'unknownAttribute',
    );
    expect(check({ field: 'workflow__progress', type: 'text', operator: 'eq', value: 'a' })).toBe(
      'typeMismatch',
    );
    expect(check({ field: 'workflow__progress', operator: 'gt', value: 3 })).toBeNull();
    expect(check({ field: 'workflow__name', operator: 'gt', value: 'a' })).toBe('operatorNotAllowedForType');
    expect(keyOf({ field: 'x', operator: 'eq', value: 'a' })).toBe('typeMismatch');
  });
});

describe('catalogueForDefinition', () => {
  const definition = DEMO_WORKFLOW_DEFINITIONS[0];
  it('lists process, user, step and answerable field attributes with unique paths', () => {
    if (!definition) throw new Error('no demo definition');
    const catalogue = catalogueForDefinition(definition);
    const paths = catalogue.map((a) => a.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('workflow__created_at');
    expect(paths).toContain('user__assignee_email');
    const step = definition.step_groups[0]?.steps[0];
    expect(paths).toContain(`step__${step?.tag}__completed_at`);
    const field = step?.fields.find((f) => f.type === 'char_field' || f.type === 'text');
    expect(catalogue.find((a) => a.path === `field__${field?.tag}`)?.source).toEqual({
      kind: 'field',
      field_tag: field?.tag,
      field_type: field?.type,
    });
    expect(catalogue.find((a) => a.path === 'workflow__status')?.options).toEqual(
      definition.statuses.map((s) => ({ value: s.tag, label: s.display_name })),
    );
    expect(catalogue.some((a) => a.source.kind === 'field' && a.source.field_type === 'paragraph')).toBe(
      false,
    );
  });
});
