import { describe, expect, it } from 'vitest';
import {
  type AnswerLookup,
  type Condition,
  ConditionSchema,
  conditionDepth,
  conditionLeafIssue,
  evaluateCondition,
  MAX_CONDITION_DEPTH,
  operatorsForFieldType,
} from './conditions.js';
import type { FieldType } from './field-types.js';

const answers: Record<string, { type: FieldType; value: unknown }> = {
  country: { type: 'country_single_select', value: 'DE' },
  spend: { type: 'currency', value: { amount: 250_000, currency: 'EUR' } },
  employees: { type: 'integer', value: 40 },
  name: { type: 'char_field', value: 'Acme Logistics GmbH' },
  personal_data: { type: 'bool', value: false },
  controls: { type: 'multi_select', value: ['mfa', 'dlp'] },
  start: { type: 'naive_date', value: '2026-03-01' },
  signed: { type: 'date', value: '2026-03-01T08:00:00.000Z' },
  notes: { type: 'text', value: '' },
};
const lookup: AnswerLookup = (tag) => answers[tag];
const holds = (condition: Condition) => evaluateCondition(condition, lookup);

describe('evaluateCondition: leaves', () => {
  it.each<[Condition, boolean]>([
    [{ field: 'country', op: 'eq', value: 'DE' }, true],
    [{ field: 'country', op: 'not_eq', value: 'DE' }, false],
    [{ field: 'country', op: 'in', value: ['FR', 'DE'] }, true],
    [{ field: 'country', op: 'not_in', value: ['FR', 'DE'] }, false],
    [{ field: 'spend', op: 'gte', value: 250_000 }, true],
    [{ field: 'spend', op: 'gt', value: 250_000 }, false],
    [{ field: 'employees', op: 'lt', value: 50 }, true],
    [{ field: 'employees', op: 'lte', value: 39 }, false],
    [{ field: 'name', op: 'contains', value: 'logistics' }, true],
    [{ field: 'name', op: 'not_contains', value: 'bank' }, true],
    [{ field: 'personal_data', op: 'eq', value: false }, true],
    [{ field: 'controls', op: 'contains', value: 'mfa' }, true],
    [{ field: 'controls', op: 'not_contains', value: 'sso' }, true],
    [{ field: 'controls', op: 'in', value: ['sso', 'dlp'] }, true],
    [{ field: 'controls', op: 'not_in', value: ['sso', 'dlp'] }, false],
    [{ field: 'controls', op: 'eq', value: ['dlp', 'mfa'] }, true],
    [{ field: 'start', op: 'gt', value: '2026-02-28' }, true],
    [{ field: 'signed', op: 'lt', value: '2026-03-01T09:00:00Z' }, true],
    [{ field: 'signed', op: 'gte', value: '2026-03-02' }, false],
    [{ field: 'notes', op: 'is_empty' }, true],
    [{ field: 'country', op: 'is_set' }, true],
  ])('%j is %s', (condition, expected) => {
    expect(holds(condition)).toBe(expected);
  });

  it('sees an unanswered or unknown field as equal to nothing: only negations and is_empty hold', () => {
    for (const field of ['notes', 'missing']) {
      expect(holds({ field, op: 'eq', value: 'x' })).toBe(false);
      expect(holds({ field, op: 'gt', value: 1 })).toBe(false);
      expect(holds({ field, op: 'in', value: ['x'] })).toBe(false);
      expect(holds({ field, op: 'contains', value: 'x' })).toBe(false);
      expect(holds({ field, op: 'not_eq', value: 'x' })).toBe(true);
      expect(holds({ field, op: 'not_in', value: ['x'] })).toBe(true);
      expect(holds({ field, op: 'not_contains', value: 'x' })).toBe(true);
      expect(holds({ field, op: 'is_empty' })).toBe(true);
      expect(holds({ field, op: 'is_set' })).toBe(false);
    }
  });

  it('never orders values of different kinds', () => {
    expect(holds({ field: 'name', op: 'gt', value: 1 })).toBe(false);
  });
});

describe('evaluateCondition: groups', () => {
  it('combines with all and any, nested', () => {
    const condition: Condition = {
      all: [
        { field: 'country', op: 'eq', value: 'DE' },
        {
          any: [
            { field: 'employees', op: 'gt', value: 100 },
            { field: 'controls', op: 'contains', value: 'dlp' },
          ],
        },
      ],
    };
    expect(holds(condition)).toBe(true);
    expect(
      holds({
        any: [
          { field: 'country', op: 'eq', value: 'FR' },
          { field: 'notes', op: 'is_set' },
        ],
      }),
    ).toBe(false);
  });

  it('refuses to evaluate deeper than the bound, whatever the input', () => {
    let deep: Condition = { field: 'country', op: 'eq', value: 'DE' };
    for (let i = 0; i < MAX_CONDITION_DEPTH; i++) deep = { all: [deep] };
    expect(conditionDepth(deep)).toBe(MAX_CONDITION_DEPTH + 1);
    expect(holds(deep)).toBe(false);
  });
});

describe('ConditionSchema', () => {
  it('accepts leaves and groups within the bounds', () => {
    const condition = {
      any: [{ field: 'a', op: 'is_set' }, { all: [{ field: 'b', op: 'in', value: [1, 2] }] }],
    };
    expect(ConditionSchema.parse(condition)).toEqual(condition);
  });

  it('refuses nesting past the bound, empty groups and unknown keys', () => {
    let deep: unknown = { field: 'a', op: 'is_set' };
    for (let i = 0; i < MAX_CONDITION_DEPTH; i++) deep = { all: [deep] };
    expect(ConditionSchema.safeParse(deep).error?.issues[0]?.message).toBe(
      'A condition may nest at most 4 levels deep.',
    );
    expect(ConditionSchema.safeParse({ all: [] }).success).toBe(false);
    expect(ConditionSchema.safeParse({ field: 'a', op: 'between' }).success).toBe(false);
    expect(ConditionSchema.safeParse({ field: 'a', op: 'eq', value: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('operator limits by type (spec 1 §5)', () => {
  it('allows ordering only on ordered types', () => {
    expect(operatorsForFieldType('integer')).toContain('gt');
    expect(operatorsForFieldType('naive_date')).toContain('lte');
    for (const type of ['text', 'char_field', 'url', 'email', 'phone', 'array'] as const) {
      expect(operatorsForFieldType(type), type).not.toContain('gt');
    }
  });

  it('never allows contains on dates or booleans, nor in on free text', () => {
    for (const type of ['date', 'naive_date', 'relative_date', 'bool', 'checkbox'] as const) {
      expect(operatorsForFieldType(type), type).not.toContain('contains');
    }
    expect(operatorsForFieldType('text')).not.toContain('in');
    expect(operatorsForFieldType('char_field')).not.toContain('not_in');
  });

  it('offers only presence on files and nothing on display-only types', () => {
    expect(operatorsForFieldType('file')).toEqual(['is_set', 'is_empty']);
    expect(operatorsForFieldType('paragraph')).toEqual([]);
  });

  it.each<[FieldType, Condition, string | undefined]>([
    ['integer', { field: 'f', op: 'gt', value: 3 }, undefined],
    ['integer', { field: 'f', op: 'gt', value: '3' }, 'integer fields compare with a number'],
    ['text', { field: 'f', op: 'gt', value: 'a' }, 'operator gt does not apply to text fields'],
    ['single_select', { field: 'f', op: 'in', value: 'a' }, 'operator in needs a list of values'],
    ['single_select', { field: 'f', op: 'eq', value: ['a'] }, 'operator eq needs a single value'],
    ['single_select', { field: 'f', op: 'eq' }, 'operator eq needs a value'],
    ['bool', { field: 'f', op: 'is_set', value: true }, 'operator is_set takes no value'],
    ['bool', { field: 'f', op: 'eq', value: 'yes' }, 'bool fields compare with true or false'],
    [
      'naive_date',
      { field: 'f', op: 'lt', value: 'soon' },
      'naive_date fields compare with an ISO date (YYYY-MM-DD)',
    ],
  ])('a %s field with %j: %s', (type, leaf, issue) => {
    if ('field' in leaf) expect(conditionLeafIssue(type, leaf)).toBe(issue);
  });
});
