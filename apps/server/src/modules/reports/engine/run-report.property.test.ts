import {
  type Aggregation,
  type DateGrouping,
  type ReportConfigInput,
  ReportConfigSchema,
  type ReportFilterLeaf,
  type WorkflowDefinition,
} from '@attest/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { grant, idsOf, userId } from '../../../test/admin-fixtures.js';
import { createTestApp, createTestTenant } from '../../../test/test-app.js';
import { grantRegion, publishAll } from '../../../test/workflow-fixtures.js';
import { createWorkflows } from '../../workflows/index.js';
import { runReport } from './run-report.js';

// Property: for random small workflow data and random report configurations (one or two group-bys,
// one aggregation, an optional filter), the SQL engine answers what a plain in-memory computation of
// the same report over the same rows answers: visibility (the member sees Europe only) included.
const { db, adminDb } = await createTestApp();

const F = { amount: 'rep__main__form__amount', color: 'rep__main__form__color', due: 'rep__main__form__due' };
const COLORS = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];
const STATUSES = ['open', 'review', 'closed'] as const;
const PLACES = [
  ['Europe', 'Paris'],
  ['Europe', 'Berlin'],
  ['Asia', 'Tokyo'],
] as const;

const DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'rep', name: 'Rep' },
  statuses: STATUSES.map((tag) => ({ tag, display_name: tag, color_code: '#868e96' })),
  initial_status: 'open',
  step_groups: [
    {
      tag: 'rep__main',
      name: 'Main',
      steps: [
        {
          tag: 'rep__main__form',
          name: 'Form',
          fields: [
            { tag: F.amount, type: 'integer', label: 'Amount' },
            { tag: F.color, type: 'single_select', label: 'Color', options: COLORS },
            { tag: F.due, type: 'naive_date', label: 'Due' },
          ],
        },
      ],
    },
  ],
};

type Row = {
  place: (typeof PLACES)[number];
  status: (typeof STATUSES)[number];
  createdAt: Date;
  amount: number | null;
  color: string | null;
  due: string | null;
  // Minutes after creation the only step was submitted (ending the step, its group and the
  // workflow's cycle), or null while it is open.
  submittedAfter: number | null;
};

const DAY = 24 * 3600 * 1000;
const FROM = Date.UTC(2025, 0, 1);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const rowArb: fc.Arbitrary<Row> = fc.record({
  place: fc.constantFrom(...PLACES),
  status: fc.constantFrom(...STATUSES),
  createdAt: fc.integer({ min: 0, max: 730 * 24 * 60 }).map((minutes) => new Date(FROM + minutes * 60_000)),
  amount: fc.option(fc.integer({ min: -50, max: 1000 }), { nil: null }),
  color: fc.option(fc.constantFrom('red', 'green', 'blue'), { nil: null }),
  due: fc.option(
    fc.integer({ min: 0, max: 730 }).map((d) => dayOf(FROM + d * DAY)),
    { nil: null },
  ),
  submittedAfter: fc.option(fc.integer({ min: 1, max: 60 * 24 * 30 }), { nil: null }),
});

// A group-by: its config entry and the key the same grouping gives a row in memory.
type GroupByInput = NonNullable<ReportConfigInput['group_by']>[number];
type Grouping = { entry: GroupByInput; key: (row: Row) => string | null };

function truncate(instant: Date, unit: DateGrouping): string {
  const iso = instant.toISOString();
  switch (unit) {
    case 'day':
      return iso.slice(0, 10);
    case 'week': {
      const start = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
      return dayOf(start - ((instant.getUTCDay() + 6) % 7) * DAY);
    }
    case 'month':
      return iso.slice(0, 7);
    case 'quarter':
      return `${iso.slice(0, 4)}-Q${Math.floor(instant.getUTCMonth() / 3) + 1}`;
    case 'year':
      return iso.slice(0, 4);
  }
}

const unitArb = fc.constantFrom<DateGrouping>('day', 'week', 'month', 'quarter', 'year');
const groupingArb: fc.Arbitrary<Grouping> = fc.oneof(
  fc.constant({ entry: { source: 'workflow__status_tag' }, key: (r: Row) => r.status }),
  fc.constant({ entry: { source: 'workflow__region_name' }, key: (r: Row) => r.place[0] }),
  fc.constant({ entry: { source: 'workflow__business_unit_name' }, key: (r: Row) => r.place[1] }),
  fc.constant({ entry: { source: `field__${F.color}` }, key: (r: Row) => r.color }),
  fc.constant({
    entry: { source: `field__${F.color}`, extra_json: { label_output_type: 'label' } },
    key: (r: Row) => COLORS.find((c) => c.value === r.color)?.label ?? null,
  }),
  unitArb.map((unit) => ({
    entry: { source: 'workflow__created_at', extra_json: { operation_type: unit } },
    key: (r: Row) => truncate(r.createdAt, unit),
  })),
  unitArb.map((unit) => ({
    entry: { source: `field__${F.due}`, extra_json: { operation_type: unit } },
    key: (r: Row) => (r.due ? truncate(new Date(`${r.due}T00:00:00Z`), unit) : null),
  })),
);

type Filter = { leaf: Omit<ReportFilterLeaf, 'lhs_type' | 'extra_json'>; holds: (row: Row) => boolean };
const filterArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.integer({ min: -50, max: 1000 }).map((n) => ({
    leaf: {
      lhs_source: `field__${F.amount}`,
      data_type: 'integer' as const,
      op: 'gt' as const,
      rhs_value: n,
    },
    holds: (r: Row) => r.amount !== null && r.amount > n,
  })),
  fc.subarray(['red', 'green', 'blue'], { minLength: 1 }).map((colors) => ({
    leaf: {
      lhs_source: `field__${F.color}`,
      data_type: 'choice' as const,
      op: 'in' as const,
      rhs_value: colors,
    },
    holds: (r: Row) => r.color !== null && colors.includes(r.color),
  })),
  fc.constantFrom(...STATUSES).map((status) => ({
    leaf: {
      lhs_source: 'workflow__status',
      data_type: 'choice' as const,
      op: 'not_eq' as const,
      rhs_value: status,
    },
    holds: (r: Row) => r.status !== status,
  })),
);

const aggregationArb = fc.constantFrom<[Aggregation, boolean]>(
  ['count', false],
  ['count', true],
  ['sum', true],
  ['min', true],
  ['max', true],
  ['avg', true],
  ['median', true],
);

function aggregate([fn, overAmount]: [Aggregation, boolean], rows: Row[]): number | null {
  if (!overAmount) return rows.length;
  const values = rows.flatMap((r) => (r.amount === null ? [] : [r.amount])).sort((a, b) => a - b);
  if (fn === 'count') return values.length;
  if (values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  switch (fn) {
    case 'sum':
      return sum;
    case 'min':
      return values[0] as number;
    case 'max':
      return values[values.length - 1] as number;
    case 'avg':
      return sum / values.length;
    case 'median': {
      const middle = (values.length - 1) / 2;
      return ((values[Math.floor(middle)] as number) + (values[Math.ceil(middle)] as number)) / 2;
    }
  }
}

let tenant: Awaited<ReturnType<typeof createTestTenant>>;
let kind: { id: string; definitionId: string; definition: WorkflowDefinition };
let member: string;
let ids: Awaited<ReturnType<typeof idsOf>>;
let statusIds: Map<string, string>;

beforeAll(async () => {
  tenant = await createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
    ],
  });
  ids = await idsOf(adminDb, tenant.id);
  const memberId = userId(tenant, `member@${tenant.slug}.test`);
  member = String(memberId);
  await grantRegion(adminDb, tenant.id, memberId, ids.region('Europe'), 'full');
  await grant(adminDb, tenant.id, memberId, ['can_view_process_report']);
  const [published] = await publishAll(adminDb, tenant.id, [DEFINITION]);
  kind = {
    id: String(published?.kindId),
    definitionId: String(published?.definitionId),
    definition: DEFINITION,
  };
  const statuses = await adminDb
    .selectFrom('workflow_statuses')
    .select(['id', 'tag'])
    .where('tenant_id', '=', tenant.id)
    .where('kind_id', '=', kind.id)
    .execute();
  statusIds = new Map(statuses.map((s) => [s.tag, s.id]));
});

let batches = 0;

async function insert(rows: Row[], batch: string) {
  const created = await withTenant(adminDb, tenant.id, (tx) =>
    createWorkflows(
      tx,
      tenant.id,
      rows.map((row, i) => ({
        kind,
        name: `${batch} ${i}`,
        regionId: String(ids.region(row.place[0])),
        businessUnitId: String(ids.unit(row.place[1])),
        createdBy: member,
        createdAt: row.createdAt,
        ...(row.submittedAfter === null
          ? {}
          : {
              submitted: [
                {
                  step: 'rep__main__form',
                  at: new Date(row.createdAt.getTime() + row.submittedAfter * 60_000),
                  by: member,
                },
              ],
            }),
        answers: {
          ...(row.amount === null ? {} : { [F.amount]: row.amount }),
          ...(row.color === null ? {} : { [F.color]: row.color }),
          ...(row.due === null ? {} : { [F.due]: row.due }),
        },
      })),
    ),
  );
  for (const [i, id] of created.entries()) {
    const status = (rows[i] as Row).status;
    if (status === 'open') continue;
    await adminDb
      .updateTable('workflows')
      .set({ status_id: statusIds.get(status) as string })
      .where('tenant_id', '=', tenant.id)
      .where('id', '=', String(id))
      .execute();
  }
}

const canonical = (rows: unknown[][]) =>
  rows
    .map((row) => row.map((v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)))
    .map((row) => JSON.stringify(row))
    .sort();

describe('runReport against an in-memory computation (property)', () => {
  it('answers the same groups and aggregates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { maxLength: 12 }),
        fc.array(groupingArb, { minLength: 1, maxLength: 2 }),
        aggregationArb,
        fc.option(filterArb, { nil: null }),
        async (rows, groupings, aggregation, filter) => {
          // Each run's workflows carry a batch mark in their name, and the report keeps to its batch.
          const batch = `[b${++batches}]`;
          await insert(rows, batch);
          const [fn, overAmount] = aggregation;
          const input: ReportConfigInput = {
            kind_id: Number(kind.id),
            group_by: groupings.map((g) => g.entry),
            operations: [
              {
                function: fn,
                arguments: overAmount ? [{ type: 'column', value: `field__${F.amount}` }] : [],
              },
            ],
            filters: {
              type: 'AND',
              conditions: [
                { lhs_source: 'workflow__name', data_type: 'text', op: 'contains', rhs_value: batch },
                ...(filter ? [filter.leaf] : []),
              ],
            },
          };
          const config = ReportConfigSchema.parse(input);
          const result = await withTenant(db, tenant.id, (tx) =>
            runReport(tx, tenant.id, { userId: member }, config, { limit: 1000, offset: 0 }),
          );

          const visible = rows.filter((r) => r.place[0] === 'Europe' && (!filter || filter.holds(r)));
          const groups = new Map<string, Row[]>();
          for (const row of visible) {
            const key = JSON.stringify(groupings.map((g) => g.key(row)));
            groups.set(key, [...(groups.get(key) ?? []), row]);
          }
          const expected = [...groups].map(([key, members]) => [
            ...(JSON.parse(key) as unknown[]),
            aggregate(aggregation, members),
          ]);
          expect(result.results[0]).toHaveLength(groupings.length + 1);
          expect(canonical(result.results.slice(1))).toEqual(canonical(expected));
          expect(result.count).toBe(groups.size);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('orders and pages the groups as the same sort in memory, with the count of all groups', async () => {
    type Key = string | number | null;
    // Nulls last in both directions, as the engine orders.
    const compare = (a: Key, b: Key, descending: boolean) => {
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      const order = a < b ? -1 : 1;
      return descending ? -order : order;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { maxLength: 12 }),
        groupingArb,
        aggregationArb,
        fc.constantFrom('group', 'operation'),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        async (rows, grouping, aggregation, orderOn, descending, limit, offset) => {
          const batch = `[o${++batches}]`;
          await insert(rows, batch);
          const [fn, overAmount] = aggregation;
          const operation = {
            function: fn,
            arguments: overAmount ? [{ type: 'column' as const, value: `field__${F.amount}` }] : [],
          };
          const ordering = descending ? ('DESC' as const) : ('ASC' as const);
          const config = ReportConfigSchema.parse({
            kind_id: Number(kind.id),
            group_by: [grouping.entry],
            operations: [operation],
            order_by: [
              orderOn === 'group'
                ? { type: 'column', source: grouping.entry.source, ordering }
                : { type: 'operation', operations: [operation], ordering },
            ],
            filters: {
              conditions: [
                { lhs_source: 'workflow__name', data_type: 'text', op: 'contains', rhs_value: batch },
              ],
            },
          } satisfies ReportConfigInput);
          const result = await withTenant(db, tenant.id, (tx) =>
            runReport(tx, tenant.id, { userId: member }, config, { limit, offset }),
          );

          const groups = new Map<Key, Row[]>();
          for (const row of rows.filter((r) => r.place[0] === 'Europe')) {
            const key = grouping.key(row);
            groups.set(key, [...(groups.get(key) ?? []), row]);
          }
          const all: [Key, Key][] = [...groups].map(([key, members]) => [
            key,
            aggregate(aggregation, members),
          ]);
          all.sort(
            (a, b) =>
              (orderOn === 'group' ? compare(a[0], b[0], descending) : compare(a[1], b[1], descending)) ||
              compare(a[0], b[0], false),
          );
          expect(canonicalOrdered(result.results.slice(1))).toEqual(
            canonicalOrdered(all.slice(offset, offset + limit)),
          );
          expect(result.count).toBe(groups.size);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('cycle-time reports: minimum, maximum and average of the finished cycles per group', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { maxLength: 10 }),
        groupingArb,
        // The whole process, its only step group, its only step: one submission ends all three.
        fc.constantFrom(null, 'rep', 'rep__main', 'rep__main__form'),
        async (rows, grouping, cycleTimeTag) => {
          const batch = `[c${++batches}]`;
          await insert(rows, batch);
          const config = ReportConfigSchema.parse({
            kind_id: Number(kind.id),
            group_by: [grouping.entry],
            filters: {
              conditions: [
                { lhs_source: 'workflow__name', data_type: 'text', op: 'contains', rhs_value: batch },
              ],
            },
            other_configurations: { is_cycle_time_report: true, cycle_time_tag: cycleTimeTag },
          } satisfies ReportConfigInput);
          const result = await withTenant(db, tenant.id, (tx) =>
            runReport(tx, tenant.id, { userId: member }, config, { limit: 1000, offset: 0 }),
          );
          expect(result.results[0]?.slice(1)).toEqual([
            'Minimum Cycle Time',
            'Maximum Cycle Time',
            'Average Cycle Time',
          ]);
          const groups = new Map<string, number[]>();
          for (const row of rows.filter((r) => r.place[0] === 'Europe')) {
            const key = JSON.stringify(grouping.key(row));
            const cycles = groups.get(key) ?? [];
            if (row.submittedAfter !== null) cycles.push(row.submittedAfter * 60);
            groups.set(key, cycles);
          }
          const expected = [...groups].map(([key, cycles]) => [
            JSON.parse(key) as unknown,
            cycles.length ? Math.min(...cycles) : null,
            cycles.length ? Math.max(...cycles) : null,
            cycles.length ? cycles.reduce((a, b) => a + b, 0) / cycles.length : null,
          ]);
          expect(canonical(result.results.slice(1))).toEqual(canonical(expected));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

const canonicalOrdered = (rows: unknown[][]) =>
  rows.map((row) => JSON.stringify(row.map((v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v))));
