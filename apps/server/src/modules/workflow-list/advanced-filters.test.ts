import {
  type ConditionGroup,
  DASHBOARD_PATHS,
  type FilterAttribute,
  type FilterCondition,
  WorkflowListPageSchema,
} from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant, LAB } from '../../test/workflow-list-fixtures.js';
import { compileConditionGroup } from './compile-filters.js';

const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let member: TestClient;

beforeAll(async () => {
  t = await dashboardTestTenant(app, adminDb);
  member = await t.signedIn('member');
});

function url(group: ConditionGroup, extra = '') {
  const params = new URLSearchParams({
    kind_id: String(t.kinds.lab),
    advanced_filters: JSON.stringify(group),
  });
  return `${DASHBOARD_PATHS.workflows}?${params}${extra}`;
}

async function names(condition: FilterCondition): Promise<string[]> {
  const response = await member.get(url({ compareType: 'AND', conditions: [condition], groups: [] }));
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return WorkflowListPageSchema.parse(response.json())
    .results.map((r) => r.name)
    .sort();
}

// [operator, value, the visible lab workflows expected]. Alpha and Beta hold answers, Gamma none;
// Delta (Asia) matches many conditions but is never visible to the member.
type Case = [FilterCondition['operator'], FilterCondition['value'], string[]];
const A = 'Alpha';
const B = 'Beta';
const G = 'Gamma';

const FIELD_CASES: Record<string, Case[]> = {
  // char
  [LAB.title]: [
    ['eq', 'Alpha 50% off', [A]],
    ['not_eq', 'Alpha 50% off', [B, G]],
    ['contains', '50%', [A]],
    ['contains', '_', [B]],
    ['contains', '\\', [B]],
    ['contains', 'ALPHA', [A]],
    ['not_contains', '%', [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // text, with SQL metacharacters matched literally
  [LAB.notes]: [
    ['eq', "O'Brien; drop table workflows;--", [A]],
    ['not_eq', 'plain', [A, G]],
    ['contains', "'; drop table", []],
    ['contains', 'drop table workflows;--', [A]],
    ['not_contains', 'drop', [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // url
  [LAB.site]: [
    ['eq', 'https://beta.example.org', [B]],
    ['not_eq', 'https://beta.example.org', [A, G]],
    ['in', ['https://beta.example.org', 'https://nope.test'], [B]],
    ['not_in', ['https://beta.example.org'], [A, G]],
    ['contains', 'example.com', [A]],
    ['not_contains', 'example', [G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // email
  [LAB.contact]: [
    ['eq', 'bob@beta.test', [B]],
    ['not_eq', 'bob@beta.test', [A, G]],
    ['in', ['ann@alpha.test', 'x@y.test'], [A]],
    ['not_in', ['ann@alpha.test'], [B, G]],
    ['contains', '@beta', [B]],
    ['not_contains', '@beta', [A, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // phone
  [LAB.phone]: [
    ['eq', '+441234567890', [A]],
    ['not_eq', '+441234567890', [B, G]],
    ['in', ['+33123456789'], [B]],
    ['not_in', ['+33123456789'], [A, G]],
    ['contains', '+33', [B]],
    ['not_contains', '+33', [A, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // array
  [LAB.items]: [
    ['eq', 'x', [A]],
    ['not_eq', 'x', [B, G]],
    ['in', ['z', 'q'], [B]],
    ['not_in', ['z'], [A, G]],
    ['contains', 'y', [A]],
    ['not_contains', 'y', [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // integer
  [LAB.count]: [
    ['eq', 5, [A]],
    ['not_eq', 5, [B, G]],
    ['in', [5, 20], [A, B]],
    ['not_in', [5], [B, G]],
    ['gt', 5, [B]],
    ['gte', 5, [A, B]],
    ['lt', 20, [A]],
    ['lte', '20', [A, B]],
    ['range', [1, 10], [A]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // decimal
  [LAB.amount]: [
    ['eq', 99.99, [B]],
    ['not_eq', 99.99, [A, G]],
    ['in', [10.5], [A]],
    ['not_in', [10.5], [B, G]],
    ['gt', 10.5, [B]],
    ['gte', 10.5, [A, B]],
    ['lt', 99.99, [A]],
    ['lte', 99.99, [A, B]],
    ['range', [10, 11], [A]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // relative_date
  [LAB.period]: [
    ['eq', '7d', [A]],
    ['not_eq', '7d', [B, G]],
    ['in', ['2w'], [B]],
    ['not_in', ['2w'], [A, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // boolean
  [LAB.active]: [
    ['eq', true, [A]],
    ['eq', 'false', [B]],
    ['not_eq', true, [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // choice
  [LAB.color]: [
    ['eq', 'red', [A]],
    ['not_eq', 'red', [B, G]],
    ['in', ['red', 'green'], [A, B]],
    ['not_in', ['red'], [B, G]],
    ['contains', 'ree', [B]],
    ['not_contains', 'ree', [A, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // multi_choice
  [LAB.colors]: [
    ['eq', 'blue', [A]],
    ['not_eq', 'red', [B, G]],
    ['in', ['green', 'white'], [B]],
    ['not_in', ['green'], [A, G]],
    ['contains', 'lu', [A]],
    ['not_contains', 'lu', [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // badge_tags
  [LAB.tags]: [
    ['eq', 'kyc', [A]],
    ['not_eq', 'kyc', [B, G]],
    ['in', ['low'], [B]],
    ['not_in', ['low'], [A, G]],
    ['contains', 'crit', [A]],
    ['not_contains', 'crit', [B, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
  // file: its name
  [LAB.doc]: [
    ['contains', 'contract_v', [A]],
    ['not_contains', 'contract', [B, G]],
    ['is_set', null, [A]],
    ['is_empty', null, [B, G]],
  ],
  // json
  [LAB.data]: [
    ['contains', '"b"', [B]],
    ['not_contains', '"b"', [A, G]],
    ['is_set', null, [A, B]],
    ['is_empty', null, [G]],
  ],
};

describe('advanced filters: every operator on every field attribute type', () => {
  for (const [fieldTag, cases] of Object.entries(FIELD_CASES)) {
    it(`filters ${fieldTag.split('__').at(-1)}`, async () => {
      for (const [operator, value, expected] of cases) {
        const condition = { field: `field__${fieldTag}`, operator, value };
        expect([operator, value, await names(condition)]).toEqual([operator, value, expected]);
      }
    });
  }

  it('filters user (owner) fields by user id', async () => {
    const field = `field__${LAB.owner}`;
    const cases: Case[] = [
      ['eq', t.users.admin, [A]],
      ['not_eq', t.users.admin, [B, G]],
      ['in', [t.users.member], [B]],
      ['not_in', [t.users.member], [A, G]],
      ['is_set', null, [A, B]],
      ['is_empty', null, [G]],
    ];
    for (const [operator, value, expected] of cases) {
      expect([operator, await names({ field, operator, value })]).toEqual([operator, expected]);
    }
  });

  it('filters date and naive date fields, with ranges and is within last', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    for (const tag of [LAB.due, LAB.day]) {
      const field = `field__${tag}`;
      const cases: Case[] = [
        ['eq', day(10), [A]],
        ['not_eq', day(10), [B, G]],
        ['gt', day(50), [A]],
        ['gte', day(100), [A, B]],
        ['lt', day(10), [B]],
        ['lte', day(10), [A, B]],
        ['range', [day(11), `${day(9)}T00:00:00.000000Z`], [A]],
        ['is_within_last', '30d', [A]],
        ['is_within_last', '52w', [A, B]],
        ['is_within_last', '1M', [A]],
        ['is_within_last', '5h', []],
        ['is_set', null, [A, B]],
        ['is_empty', null, [G]],
      ];
      for (const [operator, value, expected] of cases) {
        expect([tag, operator, value, await names({ field, operator, value })]).toEqual([
          tag,
          operator,
          value,
          expected,
        ]);
      }
    }
  });
});

describe('advanced filters: workflow, step and user attributes', () => {
  it('filters process attributes', async () => {
    const betaDay = `${new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000000Z`;
    const cases: [string, Case][] = [
      ['workflow__name', ['contains', 'ALP', [A]]],
      ['workflow__name', ['eq', 'Beta', [B]]],
      ['workflow__name', ['not_eq', 'Beta', [A, G]]],
      ['workflow__name', ['not_contains', 'a', []]],
      ['workflow__name', ['is_set', null, [A, B, G]]],
      ['workflow__name', ['is_empty', null, []]],
      ['workflow__id', ['eq', t.workflows.alpha, [A]]],
      ['workflow__id', ['in', [t.workflows.alpha, t.workflows.beta], [A, B]]],
      ['workflow__id', ['gt', t.workflows.alpha, [B, G]]],
      ['workflow__id', ['range', [t.workflows.beta, t.workflows.gamma], [B, G]]],
      ['workflow__status', ['eq', 'in_review', [B]]],
      ['workflow__status', ['not_eq', 'in_review', [A, G]]],
      ['workflow__status', ['in', ['draft'], [A, G]]],
      ['workflow__status', ['not_in', ['draft'], [B]]],
      ['workflow__status', ['contains', 'review', [B]]],
      ['workflow__region', ['eq', t.ids.region('Europe'), [A, B, G]]],
      ['workflow__region', ['not_in', [t.ids.region('Europe')], []]],
      ['workflow__region', ['contains', 'urop', [A, B, G]]],
      ['workflow__business_unit', ['eq', t.ids.unit('Berlin'), [G]]],
      ['workflow__business_unit', ['contains', 'Par', [A, B]]],
      ['workflow__business_unit', ['not_contains', 'Par', [G]]],
      ['workflow__created_by', ['eq', t.users.member, [G]]],
      ['workflow__created_by', ['not_eq', t.users.member, [A, B]]],
      ['workflow__created_at', ['is_within_last', '30d', [A, G]]],
      ['workflow__created_at', ['is_within_last', '3h', [G]]],
      ['workflow__created_at', ['lt', new Date(Date.now() - 50 * 86_400_000).toISOString(), [B]]],
      // A picked day (its start-of-day stamp) means the whole day, whatever the hour Beta was made.
      ['workflow__created_at', ['lte', betaDay, [B]]],
      ['workflow__created_at', ['gt', betaDay, [A, G]]],
      ['workflow__created_at', ['gte', betaDay, [A, B, G]]],
      ['workflow__created_at', ['lt', betaDay, []]],
      ['workflow__created_at', ['eq', betaDay, [B]]],
      ['workflow__created_at', ['range', [betaDay, betaDay], [B]]],
      ['workflow__progress', ['gt', 0, [B]]],
      ['workflow__progress', ['lte', 0, [A, G]]],
      ['workflow__cycle_time', ['gt', 24 * 50, [B]]],
      ['workflow__is_cycle_running', ['eq', true, [A, B, G]]],
      ['workflow__is_locked', ['eq', false, [A, B, G]]],
      ['workflow__cycle_end', ['is_empty', null, [A, B, G]]],
      ['workflow__updated_at', ['is_set', null, [A, B, G]]],
    ];
    for (const [field, [operator, value, expected]] of cases) {
      expect([field, operator, await names({ field, operator, value })]).toEqual([field, operator, expected]);
    }
  });

  it('filters step attributes', async () => {
    const step = (attribute: string) => `step__${LAB.form}__${attribute}`;
    const cases: [string, Case][] = [
      [step('completed_at'), ['is_set', null, [B]]],
      [step('completed_at'), ['is_empty', null, [A, G]]],
      [step('completed_at'), ['is_within_last', '120d', [B]]],
      [step('initiated_at'), ['is_set', null, [A, B, G]]],
      [step('is_enabled'), ['eq', true, [A, G]]],
      [step('is_enabled'), ['eq', false, [B]]],
      [step('submit_count'), ['gte', 1, [B]]],
      [step('completed_by'), ['eq', t.users.admin, [B]]],
      [step('overdue'), ['eq', true, [A]]],
      [step('overdue'), ['not_eq', true, [B, G]]],
      [step('is_sla_breached'), ['eq', true, [A]]],
      [step('is_locked'), ['eq', false, [A, B, G]]],
      [step('assignee'), ['eq', t.users.member, [A, B, G]]],
      [step('assignee'), ['not_in', [t.users.member], []]],
      [`step__${LAB.check}__is_enabled`, ['eq', true, [B]]],
    ];
    for (const [field, [operator, value, expected]] of cases) {
      expect([field, operator, await names({ field, operator, value })]).toEqual([field, operator, expected]);
    }
  });

  it('filters user attributes, e-mail without case', async () => {
    const memberEmail = t.email('member').toUpperCase();
    expect(await names({ field: 'user__created_by_email', operator: 'eq', value: memberEmail })).toEqual([G]);
    expect(await names({ field: 'user__created_by_email', operator: 'contains', value: 'admin@' })).toEqual([
      A,
      B,
    ]);
    // Open steps only: Beta's form is submitted.
    expect(await names({ field: 'user__assignee_email', operator: 'eq', value: memberEmail })).toEqual([
      A,
      G,
    ]);
    expect(await names({ field: 'user__assignee_email', operator: 'is_empty', value: null })).toEqual([B]);
  });

  it('combines nested AND and OR groups', async () => {
    const group: ConditionGroup = {
      compareType: 'OR',
      conditions: [{ field: 'workflow__name', operator: 'eq', value: 'Gamma' }],
      groups: [
        {
          compareType: 'AND',
          conditions: [
            { field: `field__${LAB.count}`, operator: 'gte', value: 1 },
            { field: `field__${LAB.color}`, operator: 'eq', value: 'green' },
          ],
          groups: [],
        },
      ],
    };
    const page = WorkflowListPageSchema.parse((await member.get(url(group))).json());
    expect(page.results.map((r) => r.name).sort()).toEqual([B, G]);
  });
});

describe('advanced filters: refused with their reason', () => {
  const refused = async (group: unknown) => {
    const params = new URLSearchParams({
      kind_id: String(t.kinds.lab),
      advanced_filters: JSON.stringify(group),
    });
    const response = await member.get(`${DASHBOARD_PATHS.workflows}?${params}`);
    expect(response.statusCode).toBe(400);
    return response.json();
  };
  const one = (condition: object) => ({ compareType: 'AND', conditions: [condition], groups: [] });

  it('answers 400 with the key of each invalid combination', async () => {
    const cases: [object, string][] = [
      [{ field: `field__${LAB.notes}`, operator: 'gt', value: 'a' }, 'operatorNotAllowedForType'],
      [{ field: `field__${LAB.title}`, operator: 'in', value: ['a'] }, 'operatorNotAllowedForType'],
      [{ field: `field__${LAB.due}`, operator: 'contains', value: '2026' }, 'operatorNotAllowedForType'],
      [{ field: `field__${LAB.active}`, operator: 'contains', value: 'true' }, 'operatorNotAllowedForType'],
      [{ field: `field__${LAB.period}`, operator: 'not_contains', value: 'd' }, 'operatorNotAllowedForType'],
      [{ field: `field__${LAB.count}`, operator: 'range', value: [1] }, 'rangeNeedsTwoValues'],
      [{ field: `field__${LAB.count}`, operator: 'range', value: [1, ''] }, 'rangeNeedsTwoValues'],
      [{ field: `field__${LAB.count}`, operator: 'eq', value: 'many' }, 'invalidNumber'],
      [{ field: `field__${LAB.tags}`, operator: 'eq', value: '' }, 'badgeTagsValueRequired'],
      [{ field: `field__${LAB.notes}`, operator: 'eq', value: '' }, 'valueRequired'],
      [{ field: `field__${LAB.notes}`, operator: null, value: 'x' }, 'operatorRequired'],
      [{ field: '', operator: 'eq', value: 'x' }, 'fieldRequired'],
      [{ field: 'field__lab__intake__form__intro', operator: 'is_set' }, 'unknownAttribute'],
      [{ field: 'workflow__password', operator: 'is_set' }, 'unknownAttribute'],
      [{ field: `field__${LAB.count}`, type: 'text', operator: 'eq', value: '1' }, 'typeMismatch'],
      [
        { field: 'workflow__created_at', operator: 'is_within_last', value: '-1d' },
        'negativeNumberNotAllowed',
      ],
      [
        { field: 'workflow__created_at', operator: 'is_within_last', value: '1.5d' },
        'decimalNumberNotAllowed',
      ],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '1xd' }, 'onlyDigitsAllowed'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '525601m' }, 'maxLimitForMinute'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '8761h' }, 'maxLimitForHours'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '3651d' }, 'maxLimitForDays'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '521w' }, 'maxLimitForWeeks'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '121M' }, 'maxLimitForMonths'],
      [{ field: 'workflow__created_at', operator: 'is_within_last', value: '3y' }, 'invalidPeriod'],
    ];
    for (const [condition, key] of cases) {
      const body = await refused(one(condition));
      expect([condition, body.code, body.problems[0].key]).toEqual([condition, 'invalid_filter', key]);
      expect(body.problems[0].path).toBe('conditions.0');
    }
  });

  it('refuses an empty nested group, a bad shape and field attributes without a kind', async () => {
    const nested = await refused({
      compareType: 'AND',
      conditions: [{ field: 'workflow__name', operator: 'is_set' }],
      groups: [{ compareType: 'OR', conditions: [], groups: [] }],
    });
    expect(nested.problems).toEqual([{ path: 'groups.0', key: 'emptyGroup' }]);
    const shape = await member.get(
      `${DASHBOARD_PATHS.workflows}?advanced_filters=${encodeURIComponent('{"compareType":"XOR"}')}`,
    );
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toEqual({ advanced_filters: ['invalidFilterShape'] });
    const noKind = await member.get(
      `${DASHBOARD_PATHS.workflows}?advanced_filters=${encodeURIComponent(JSON.stringify(one({ field: `field__${LAB.count}`, operator: 'is_set' })))}`,
    );
    expect(noKind.json().problems[0].key).toBe('unknownAttribute');
  });
});

// Issue 17: answer filters compiled for their indexes give the same rows as before, within the
// person's regions and never another tenant's. A second tenant holds the same lab workflows with the
// same answers, so any leak across tenants would show as an id that is not this tenant's.
describe('advanced filters on answers: ranges, equality and dates, within visibility and tenant', () => {
  let other: DashboardTestTenant;
  beforeAll(async () => {
    other = await dashboardTestTenant(app, adminDb);
  });

  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  async function ids(group: ConditionGroup, extra = ''): Promise<{ ids: number[]; count: number }> {
    const response = await member.get(url(group, extra));
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    const page = WorkflowListPageSchema.parse(response.json());
    return { ids: page.results.map((r) => Number(r.id)).sort((a, b) => a - b), count: page.count };
  }
  const all = (...conditions: FilterCondition[]): ConditionGroup => ({
    compareType: 'AND',
    conditions,
    groups: [],
  });
  const any = (...conditions: FilterCondition[]): ConditionGroup => ({
    compareType: 'OR',
    conditions,
    groups: [],
  });

  it('matches the same visible workflows of the tenant, never Delta (Asia) or the other tenant', async () => {
    const { alpha: a, beta: b, gamma: g } = t.workflows;
    const amount = `field__${LAB.amount}`;
    const count = `field__${LAB.count}`;
    const color = `field__${LAB.color}`;
    const due = `field__${LAB.due}`;
    const dayField = `field__${LAB.day}`;
    const cases: [string, ConditionGroup, number[]][] = [
      ['decimal range', all({ field: amount, operator: 'range', value: [10, 11] }), [a]],
      ['decimal range, both', all({ field: amount, operator: 'range', value: [1, 1000] }), [a, b]],
      ['decimal range, none', all({ field: amount, operator: 'range', value: [11, 99] }), []],
      ['integer gte', all({ field: count, operator: 'gte', value: 6 }), [b]],
      ['integer lte', all({ field: count, operator: 'lte', value: 5 }), [a]],
      ['choice eq', all({ field: color, operator: 'eq', value: 'red' }), [a]],
      ['choice in', all({ field: color, operator: 'in', value: ['red', 'green'] }), [a, b]],
      ['choice not_eq', all({ field: color, operator: 'not_eq', value: 'red' }), [b, g]],
      ['naive date range', all({ field: dayField, operator: 'range', value: [day(11), day(9)] }), [a]],
      ['date range', all({ field: due, operator: 'range', value: [day(101), day(9)] }), [a, b]],
      ['date gte', all({ field: due, operator: 'gte', value: day(50) }), [a]],
      ['date within last', all({ field: dayField, operator: 'is_within_last', value: '52w' }), [a, b]],
      [
        'range and equality',
        all(
          { field: amount, operator: 'range', value: [1, 1000] },
          { field: color, operator: 'eq', value: 'green' },
        ),
        [b],
      ],
      [
        'range and date range',
        all(
          { field: amount, operator: 'gte', value: 10 },
          { field: dayField, operator: 'range', value: [day(11), day(9)] },
        ),
        [a],
      ],
      [
        'one field twice',
        all({ field: amount, operator: 'gte', value: 10 }, { field: amount, operator: 'lte', value: 11 }),
        [a],
      ],
      [
        'three answers and a negated one',
        all(
          { field: amount, operator: 'gte', value: 1 },
          { field: color, operator: 'in', value: ['red', 'green'] },
          { field: dayField, operator: 'is_within_last', value: '52w' },
          { field: count, operator: 'not_eq', value: 20 },
        ),
        [a],
      ],
      [
        'range or equality',
        any(
          { field: amount, operator: 'range', value: [10, 11] },
          { field: color, operator: 'eq', value: 'green' },
        ),
        [a, b],
      ],
      ['not in a range', all({ field: amount, operator: 'not_in', value: [10.5] }), [b, g]],
    ];
    const foreign = new Set(Object.values(other.workflows));
    for (const [label, group, expected] of cases) {
      const found = await ids(group);
      expect([label, found.ids, found.count]).toEqual([label, expected, expected.length]);
      expect(found.ids.some((id) => foreign.has(id) || id === t.workflows.delta)).toBe(false);
    }
  });

  it('combines answer filters with the region and business-unit filters of the list', async () => {
    const group = all({ field: `field__${LAB.amount}`, operator: 'range', value: [1, 1000] });
    const paris = await ids(group, `&business_unit__in=${t.ids.unit('Paris')}`);
    expect(paris.ids).toEqual([t.workflows.alpha, t.workflows.beta]);
    // Delta answers as Alpha does, but the member has no grant on Asia: asking for it finds nothing.
    const asia = await ids(group, `&region__in=${t.ids.region('Asia')}`);
    expect(asia).toEqual({ ids: [], count: 0 });
    const berlin = await ids(group, `&business_unit__in=${t.ids.unit('Berlin')}`);
    expect(berlin).toEqual({ ids: [], count: 0 });
  });

  it("gives the other tenant's member that tenant's own workflows for the same filter", async () => {
    const otherMember = await other.signedIn('member');
    const params = new URLSearchParams({
      kind_id: String(other.kinds.lab),
      advanced_filters: JSON.stringify(
        all({ field: `field__${LAB.amount}`, operator: 'range', value: [1, 1000] }),
      ),
    });
    const response = await otherMember.get(`${DASHBOARD_PATHS.workflows}?${params}`);
    const page = WorkflowListPageSchema.parse(response.json());
    expect(page.results.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([
      other.workflows.alpha,
      other.workflows.beta,
    ]);
  });
});

// The shapes the planner needs at a million workflows (docs/workflow-list.md, issue 17): the rows are
// proved equal above; these keep the SQL in the form whose plans were measured.
describe('advanced filters: SQL the indexes can serve under row-level security', () => {
  const attribute = (path: string, type: FilterAttribute['type'], source: FilterAttribute['source']) =>
    [path, { path, label: path, label_key: null, group_label: null, type, options: null, source }] as const;
  const catalogue = new Map<string, FilterAttribute>([
    attribute('field__a', 'decimal', { kind: 'field', field_tag: 'a', field_type: 'decimal' }),
    attribute('field__b', 'choice', { kind: 'field', field_tag: 'b', field_type: 'single_select' }),
    attribute('workflow__created_at', 'date', { kind: 'workflow', attribute: 'created_at' }),
  ]);
  const compiled = (group: ConditionGroup) =>
    compileConditionGroup(group, catalogue, new Date()).compile(adminDb).sql;
  const spend: FilterCondition = { field: 'field__a', operator: 'range', value: [1, 2] };
  const country: FilterCondition = { field: 'field__b', operator: 'eq', value: 'DE' };

  it('joins the positive answers of an AND group in one EXISTS, not those of an OR group', () => {
    const both = compiled({ compareType: 'AND', conditions: [spend, country], groups: [] });
    expect(both.match(/exists \(/g)).toHaveLength(1);
    expect(both).toContain('join workflow_responses r1');
    const either = compiled({ compareType: 'OR', conditions: [spend, country], groups: [] });
    expect(either.match(/exists \(/g)).toHaveLength(2);
    const negated = compiled({
      compareType: 'AND',
      conditions: [spend, { ...country, operator: 'not_eq' }],
      groups: [],
    });
    expect(negated).toMatch(/^\(exists .* and not exists /s);
  });

  it('leaves a positive workflow column bare and a negated one coalesced', () => {
    const day = '2026-01-05T00:00:00.000000Z';
    const on = compiled({
      compareType: 'AND',
      conditions: [{ field: 'workflow__created_at', operator: 'eq', value: day }],
      groups: [],
    });
    expect(on).not.toContain('coalesce');
    expect(on).not.toMatch(/w\.created_at"? at time zone/);
    const off = compiled({
      compareType: 'AND',
      conditions: [{ field: 'workflow__created_at', operator: 'not_eq', value: day }],
      groups: [],
    });
    expect(off).toContain('not coalesce(');
  });
});
