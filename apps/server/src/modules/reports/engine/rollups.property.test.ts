import {
  type DateGrouping,
  type ReportConfigInput,
  ReportConfigSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { grant, idsOf, userId } from '../../../test/admin-fixtures.js';
import { createTestApp, createTestTenant } from '../../../test/test-app.js';
import { grantRegion, publishAll } from '../../../test/workflow-fixtures.js';
import { createWorkflows } from '../../workflows/index.js';
import { type ReportAnswerPath, runReport } from './run-report.js';

// Property (issue 17): for random reports over random workflow changes (create, status change,
// region move, archive and unarchive, delete, answer change or clearing, step reopened or completed),
// the report answered from the rollups of migration 0029 equals the full query's answer, for viewers
// with one region, two regions and one business unit. The reports are drawn mostly from the shapes the
// rollups cover, and the test checks they did answer them.
const { db, adminDb } = await createTestApp();

const F = {
  amount: 'rr__main__form__amount',
  spend: 'rr__main__form__spend',
  color: 'rr__main__form__color',
  ok: 'rr__main__form__ok',
  note: 'rr__main__form__note',
};
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
  ['America', 'Boston'],
] as const;
const GROUPS = ['rr__main', 'rr__second'] as const;

const DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'rr', name: 'Rollup' },
  statuses: STATUSES.map((tag) => ({ tag, display_name: tag, color_code: '#868e96' })),
  initial_status: 'open',
  step_groups: [
    {
      tag: 'rr__main',
      name: 'Main',
      steps: [
        {
          tag: 'rr__main__form',
          name: 'Form',
          fields: [
            { tag: F.amount, type: 'integer', label: 'Amount' },
            { tag: F.spend, type: 'decimal', label: 'Spend' },
            { tag: F.color, type: 'single_select', label: 'Color', options: COLORS },
            { tag: F.ok, type: 'bool', label: 'Ok' },
            { tag: F.note, type: 'char_field', label: 'Note' },
          ],
        },
      ],
    },
    {
      tag: 'rr__second',
      name: 'Second',
      steps: [{ tag: 'rr__second__review', name: 'Review', fields: [] }],
    },
  ],
};

type NewRow = {
  place: number;
  status: number;
  minutes: number;
  amount: number | null;
  spend: number | null;
  color: string | null;
  ok: boolean | null;
  note: string | null;
  submittedAfter: number | null;
};
const newRowArb: fc.Arbitrary<NewRow> = fc.record({
  place: fc.nat(PLACES.length - 1),
  status: fc.nat(STATUSES.length - 1),
  minutes: fc.integer({ min: 0, max: 730 * 24 * 60 }),
  amount: fc.option(fc.integer({ min: -50, max: 1000 }), { nil: null }),
  spend: fc.option(
    fc.integer({ min: 0, max: 100_000 }).map((n) => n / 4),
    { nil: null },
  ),
  color: fc.option(fc.constantFrom('red', 'green', 'blue'), { nil: null }),
  ok: fc.option(fc.boolean(), { nil: null }),
  note: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
  submittedAfter: fc.option(fc.integer({ min: 1, max: 60 * 24 * 30 }), { nil: null }),
});

// A change to an existing workflow, chosen by position among the tenant's workflows.
type Change =
  | { op: 'create'; rows: NewRow[] }
  | { op: 'status'; at: number; status: number }
  | { op: 'move'; at: number; place: number }
  | { op: 'archive' | 'unarchive' | 'delete' | 'reopen'; at: number }
  | { op: 'complete'; at: number; minutes: number }
  | { op: 'answer'; at: number; field: 'amount' | 'color' | 'spend'; value: number | string | null };
const at = fc.nat(10_000);
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    rows: fc.array(newRowArb, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('status' as const), at, status: fc.nat(STATUSES.length - 1) }),
  fc.record({ op: fc.constant('move' as const), at, place: fc.nat(PLACES.length - 1) }),
  fc.record({
    op: fc.constantFrom('archive' as const, 'unarchive' as const, 'delete' as const, 'reopen' as const),
    at,
  }),
  fc.record({ op: fc.constant('complete' as const), at, minutes: fc.integer({ min: 1, max: 100_000 }) }),
  fc.oneof(
    fc.record({
      op: fc.constant('answer' as const),
      at,
      field: fc.constant('amount' as const),
      value: fc.option(fc.integer({ min: -50, max: 1000 }), { nil: null }),
    }),
    fc.record({
      op: fc.constant('answer' as const),
      at,
      field: fc.constant('color' as const),
      value: fc.option(fc.constantFrom('red', 'green', 'blue'), { nil: null }),
    }),
    fc.record({
      op: fc.constant('answer' as const),
      at,
      field: fc.constant('spend' as const),
      value: fc.option(
        fc.integer({ min: 0, max: 1000 }).map((n) => n / 8),
        { nil: null },
      ),
    }),
  ),
);

const unitArb = fc.constantFrom<DateGrouping>('day', 'week', 'month', 'quarter', 'year');
type GroupByInput = NonNullable<ReportConfigInput['group_by']>[number];
const workflowGroupArb: fc.Arbitrary<GroupByInput> = fc.constantFrom(
  { source: 'workflow__status_tag' },
  { source: 'workflow__status_label' },
  { source: 'workflow__region_name' },
  { source: 'workflow__business_unit_id' },
  { source: 'workflow__business_unit_name' },
);
const fieldGroupArb: fc.Arbitrary<GroupByInput> = fc.constantFrom(
  { source: `field__${F.color}` },
  { source: `field__${F.color}`, extra_json: { label_output_type: 'label' as const } },
  { source: `field__${F.ok}` },
);
const operationArb = fc.constantFrom(
  { function: 'count' as const, arguments: [] },
  { function: 'sum' as const, arguments: [{ type: 'column' as const, value: `field__${F.amount}` }] },
  { function: 'avg' as const, arguments: [{ type: 'column' as const, value: `field__${F.spend}` }] },
  { function: 'count' as const, arguments: [{ type: 'column' as const, value: `field__${F.spend}` }] },
  // Not covered: the full query answers.
  { function: 'max' as const, arguments: [{ type: 'column' as const, value: `field__${F.amount}` }] },
);
const cycleOperationArb = fc.constantFrom(...GROUPS).chain((group) =>
  fc.constantFrom(
    {
      function: 'avg' as const,
      arguments: [{ type: 'column' as const, value: `step_group__${group}__cycle_time` }],
    },
    {
      function: 'sum' as const,
      arguments: [{ type: 'column' as const, value: `step_group__${group}__cycle_time` }],
    },
    {
      function: 'count' as const,
      arguments: [{ type: 'column' as const, value: `step_group__${group}__cycle_time` }],
    },
  ),
);
const filterArb = fc.oneof(
  fc
    .record({ status: fc.constantFrom(...STATUSES), op: fc.constantFrom('eq' as const, 'not_eq' as const) })
    .map(({ status, op }) => ({
      lhs_source: 'workflow__status',
      data_type: 'choice' as const,
      op,
      rhs_value: status,
    })),
  // Not covered: an answer filter.
  fc.constant({
    lhs_source: `field__${F.amount}`,
    data_type: 'integer' as const,
    op: 'gt' as const,
    rhs_value: 100,
  }),
);

type Shape = { config: (kindId: number) => ReportConfigInput; covered: boolean };
const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  // Counts by workflow columns and the creation date.
  fc
    .record({ groups: fc.array(workflowGroupArb, { maxLength: 2 }), unit: fc.option(unitArb, { nil: null }) })
    .map(({ groups, unit }) => ({
      covered: groups.length > 0 || unit !== null,
      config: (kindId: number) => ({
        kind_id: kindId,
        group_by: [
          ...groups,
          ...(unit ? [{ source: 'workflow__created_at', extra_json: { operation_type: unit } }] : []),
        ],
        operations: [{ function: 'count' as const }],
      }),
    })),
  // Answers: a choice and workflow columns, counts and sums.
  fc
    .record({
      groups: fc.array(workflowGroupArb, { maxLength: 1 }),
      field: fc.option(fieldGroupArb, { nil: null }),
      operations: fc.array(operationArb, { minLength: 1, maxLength: 3 }),
      order: fc.option(fc.boolean(), { nil: null }),
    })
    .map(({ groups, field, operations, order }) => ({
      covered: !operations.some((o) => o.function === 'max'),
      config: (kindId: number) => ({
        kind_id: kindId,
        group_by: [...groups, ...(field ? [field] : [])],
        operations,
        order_by:
          order === null
            ? []
            : [
                {
                  type: 'operation' as const,
                  operations: operations.slice(0, 1),
                  ordering: order ? ('DESC' as const) : ('ASC' as const),
                },
              ],
      }),
    })),
  // Step-group cycle times: operations, or the cycle-time report.
  fc
    .record({
      groups: fc.array(workflowGroupArb, { maxLength: 2 }),
      operations: fc.array(cycleOperationArb, { minLength: 1, maxLength: 3 }),
    })
    .map(({ groups, operations }) => ({
      covered: true,
      config: (kindId: number) => ({ kind_id: kindId, group_by: groups, operations }),
    })),
  fc
    .record({ groups: fc.array(workflowGroupArb, { maxLength: 1 }), group: fc.constantFrom(...GROUPS) })
    .map(({ groups, group }) => ({
      covered: groups.length >= 0,
      config: (kindId: number) => ({
        kind_id: kindId,
        group_by: groups,
        other_configurations: { is_cycle_time_report: true, cycle_time_tag: group },
      }),
    })),
);

let tenant: Awaited<ReturnType<typeof createTestTenant>>;
let other: Awaited<ReturnType<typeof createTestTenant>>;
let kind: { id: string; definitionId: string; definition: WorkflowDefinition };
let ids: Awaited<ReturnType<typeof idsOf>>;
let statusIds: string[];
let viewers: string[];
let members: string[];
let otherKind: typeof kind;
const workflowIds: string[] = [];
const NOW = new Date(Date.UTC(2027, 0, 1));
const FROM = Date.UTC(2025, 0, 1);
const REGIONS = [
  { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
  { name: 'Asia', businessUnits: ['Tokyo'] },
  { name: 'America', businessUnits: ['Boston'] },
];

async function kindOf(tenantId: string) {
  const [published] = await publishAll(adminDb, tenantId, [DEFINITION]);
  return {
    id: String(published?.kindId),
    definitionId: String(published?.definitionId),
    definition: DEFINITION,
  };
}

beforeAll(async () => {
  tenant = await createTestTenant(adminDb, { regions: REGIONS });
  other = await createTestTenant(adminDb, { regions: REGIONS });
  ids = await idsOf(adminDb, tenant.id);
  const member = userId(tenant, `member@${tenant.slug}.test`);
  const admin = userId(tenant, `admin@${tenant.slug}.test`);
  const supplier = userId(tenant, `supplier@${tenant.slug}.test`);
  // One region; two regions of three; one business unit only.
  await grantRegion(adminDb, tenant.id, member, ids.region('Europe'), 'full');
  await grantRegion(adminDb, tenant.id, admin, ids.region('Europe'), 'full');
  await grantRegion(adminDb, tenant.id, admin, ids.region('Asia'), 'full');
  await adminDb
    .insertInto('user_business_unit_access')
    .values({
      tenant_id: tenant.id,
      user_id: String(supplier),
      business_unit_id: String(ids.unit('Tokyo')),
      access: 'full',
    })
    .execute();
  viewers = [member, admin, supplier].map(String);
  for (const user of [member, admin, supplier])
    await grant(adminDb, tenant.id, user, ['can_view_process_report']);
  members = [String(member)];
  kind = await kindOf(tenant.id);
  otherKind = await kindOf(other.id);
  const statuses = await adminDb
    .selectFrom('workflow_statuses')
    .select(['id', 'tag'])
    .where('tenant_id', '=', tenant.id)
    .where('kind_id', '=', kind.id)
    .execute();
  statusIds = STATUSES.map((tag) => statuses.find((s) => s.tag === tag)?.id as string);
});

const newWorkflow = (
  row: NewRow,
  i: number,
  regionOf: (n: string) => number,
  unitOf: (n: string) => number,
  k = kind,
) => {
  const place = PLACES[row.place] ?? PLACES[0];
  const createdAt = new Date(FROM + row.minutes * 60_000);
  return {
    kind: k,
    name: `w${i}`,
    regionId: String(regionOf(place[0])),
    businessUnitId: String(unitOf(place[1])),
    createdBy: null,
    createdAt,
    ...(row.submittedAfter === null
      ? {}
      : {
          submitted: [
            {
              step: 'rr__main__form',
              at: new Date(createdAt.getTime() + row.submittedAfter * 60_000),
              by: null,
            },
          ],
        }),
    answers: {
      ...(row.amount === null ? {} : { [F.amount]: row.amount }),
      ...(row.spend === null ? {} : { [F.spend]: row.spend }),
      ...(row.color === null ? {} : { [F.color]: row.color }),
      ...(row.ok === null ? {} : { [F.ok]: row.ok }),
      ...(row.note === null ? {} : { [F.note]: row.note }),
    },
  };
};

// Each change as the application writes it, on the application role under row-level security.
async function apply(change: Change) {
  await withTenant(db, tenant.id, async (tx) => {
    if (change.op === 'create') {
      const created = await createWorkflows(
        tx,
        tenant.id,
        change.rows.map((row, i) => newWorkflow(row, i, ids.region, ids.unit)),
      );
      for (const [i, id] of created.entries()) {
        const status = change.rows[i]?.status ?? 0;
        if (status > 0) {
          await tx
            .updateTable('workflows')
            .set({ status_id: statusIds[status] as string })
            .where('tenant_id', '=', tenant.id)
            .where('id', '=', id)
            .execute();
        }
      }
      workflowIds.push(...created);
      return;
    }
    if (workflowIds.length === 0) return;
    const index = change.at % workflowIds.length;
    const id = workflowIds[index] as string;
    const workflow = tx.updateTable('workflows').where('tenant_id', '=', tenant.id).where('id', '=', id);
    switch (change.op) {
      case 'status':
        await workflow.set({ status_id: statusIds[change.status] as string }).execute();
        return;
      case 'move': {
        const place = PLACES[change.place] ?? PLACES[0];
        await workflow
          .set({ region_id: String(ids.region(place[0])), business_unit_id: String(ids.unit(place[1])) })
          .execute();
        return;
      }
      case 'archive':
        await workflow.set({ archived_at: NOW }).execute();
        return;
      case 'unarchive':
        await workflow.set({ archived_at: null }).execute();
        return;
      case 'delete':
        await tx.deleteFrom('workflows').where('tenant_id', '=', tenant.id).where('id', '=', id).execute();
        workflowIds.splice(index, 1);
        return;
      case 'reopen':
        await tx
          .updateTable('workflow_steps')
          .set({ state: 'enabled', completed_at: null })
          .where('tenant_id', '=', tenant.id)
          .where('workflow_id', '=', id)
          .where('step_tag', '=', change.at % 2 ? 'rr__main__form' : 'rr__second__review')
          .execute();
        return;
      case 'complete':
        await sql`update workflow_steps set state = 'completed',
            initiated_at = coalesce(initiated_at, ${new Date(FROM)}),
            completed_at = coalesce(initiated_at, ${new Date(FROM)}) + make_interval(mins => ${change.minutes})
          where tenant_id = ${tenant.id} and workflow_id = ${id} and state = 'enabled'`.execute(tx);
        return;
      case 'answer': {
        const tag = F[change.field];
        const current = await tx
          .updateTable('workflow_responses')
          .set({ is_current: false })
          .where('tenant_id', '=', tenant.id)
          .where('workflow_id', '=', id)
          .where('field_tag', '=', tag)
          .where('is_current', '=', true)
          .returning('version')
          .executeTakeFirst();
        const value = change.value;
        await tx
          .insertInto('workflow_responses')
          .values({
            tenant_id: tenant.id,
            workflow_id: id,
            field_tag: tag,
            step_tag: 'rr__main__form',
            version: (current?.version ?? 0) + 1,
            value: value === null ? null : JSON.stringify(value),
            text_value: typeof value === 'string' ? value : null,
            number_value: typeof value === 'number' ? value : null,
          })
          .execute();
      }
    }
  });
}

const canonical = (rows: unknown[][]) =>
  rows.map((row) => JSON.stringify(row.map((v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v))));

async function both(config: ReportConfigInput, viewer: string, page = { limit: 1000, offset: 0 }) {
  const parsed = ReportConfigSchema.parse(config);
  const paths: ReportAnswerPath[] = [];
  const rollup = await withTenant(db, tenant.id, (tx) =>
    runReport(tx, tenant.id, { userId: viewer, now: NOW, onAnswered: (a) => paths.push(a) }, parsed, page),
  );
  const full = await withTenant(db, tenant.id, (tx) =>
    runReport(tx, tenant.id, { userId: viewer, now: NOW, rollups: false }, parsed, page),
  );
  return { rollup, full, path: paths[0]?.path };
}

describe('reports from the rollups against the full query (property)', () => {
  it('answer the same after random changes, for every viewer', async () => {
    let fromRollups = 0;
    let covered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(changeArb, { minLength: 1, maxLength: 6 }),
        shapeArb,
        fc.option(filterArb, { nil: null }),
        fc.nat(2),
        async (changes, shape, filter, viewerIndex) => {
          for (const change of changes) await apply(change);
          const config = shape.config(Number(kind.id));
          if (filter) config.filters = { type: 'AND', conditions: [filter] };
          const { rollup, full, path } = await both(config, viewers[viewerIndex] as string);
          expect(canonical(rollup.results)).toEqual(canonical(full.results));
          expect(rollup.count).toBe(full.count);
          if (shape.covered && filter?.lhs_source !== `field__${F.amount}`) {
            covered += 1;
            if (path === 'rollup') fromRollups += 1;
          }
        },
      ),
      { numRuns: 100 },
    );
    // Nearly every covered shape answered from the rollups (a cycle-time report with a cycle that
    // ended without completion goes to the full query).
    expect(fromRollups).toBeGreaterThan(covered * 0.7);
    expect(workflowIds.length).toBeGreaterThan(0);
  }, 300_000);

  it('keep each tenant to its own rows', async () => {
    const otherIds = await idsOf(adminDb, other.id);
    await withTenant(db, other.id, (tx) =>
      createWorkflows(
        tx,
        other.id,
        [0, 1, 2].map((i) =>
          newWorkflow(
            {
              place: 0,
              status: 0,
              minutes: i,
              amount: 1000,
              spend: 5,
              color: 'red',
              ok: true,
              note: null,
              submittedAfter: 10,
            },
            i,
            otherIds.region,
            otherIds.unit,
            otherKind,
          ),
        ),
      ),
    );
    // The other tenant's rows are invisible to this tenant's transactions, and its reports hold none.
    const seen = await withTenant(db, tenant.id, (tx) =>
      sql<{
        n: string;
      }>`select count(*) as n from report_answer_rollups where tenant_id = ${other.id}`.execute(tx),
    );
    expect(seen.rows[0]?.n).toBe('0');
    const config = {
      kind_id: Number(kind.id),
      group_by: [{ source: `field__${F.color}` }],
      operations: [
        { function: 'sum' as const, arguments: [{ type: 'column' as const, value: `field__${F.amount}` }] },
      ],
    };
    const { rollup, full, path } = await both(config, members[0] as string);
    expect(path).toBe('rollup');
    expect(canonical(rollup.results)).toEqual(canonical(full.results));
  }, 60_000);

  it('roll up a field a new version makes a choice, with the answers it already has', async () => {
    const before = await adminDb
      .selectFrom('report_rollup_fields')
      .select('role')
      .where('tenant_id', '=', tenant.id)
      .where('kind_id', '=', kind.id)
      .where('field_tag', '=', F.note)
      .execute();
    expect(before).toEqual([]);
    // Version 2: the free-text note becomes a single select of its old values.
    const steps = DEFINITION.step_groups[0]?.steps[0];
    const v2 = {
      ...DEFINITION,
      version: 2,
      step_groups: [
        {
          ...DEFINITION.step_groups[0],
          steps: [
            {
              ...steps,
              fields: steps?.fields.map((f) =>
                f.tag === F.note
                  ? {
                      tag: F.note,
                      type: 'single_select',
                      label: 'Note',
                      options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v.toUpperCase() })),
                    }
                  : f,
              ),
            },
          ],
        },
        ...DEFINITION.step_groups.slice(1),
      ],
    };
    await publishAll(adminDb, tenant.id, [v2]);
    const config = {
      kind_id: Number(kind.id),
      group_by: [{ source: `field__${F.note}` }, { source: 'workflow__status_tag' }],
      operations: [{ function: 'count' as const }],
    };
    const { rollup, full, path } = await both(config, viewers[1] as string);
    expect(path).toBe('rollup');
    expect(canonical(rollup.results)).toEqual(canonical(full.results));
    expect(rollup.results.length).toBeGreaterThan(2);
  }, 60_000);

  it('stay exact under concurrent writers to workflows of one group', async () => {
    const start = workflowIds.length;
    const row: NewRow = {
      place: 0,
      status: 0,
      minutes: 10,
      amount: 5,
      spend: 2.5,
      color: 'red',
      ok: true,
      note: null,
      submittedAfter: 30,
    };
    await apply({ op: 'create', rows: Array.from({ length: 24 }, () => row) });
    const mine = workflowIds.slice(start);
    // Every workflow changed by its own transaction, all at once: status, answer, step, archive.
    await Promise.all(
      mine.map(async (_, i) => {
        const at = workflowIds.indexOf(mine[i] as string);
        await apply({ op: 'answer', at, field: 'amount', value: i });
        await apply({ op: 'status', at, status: 1 + (i % 2) });
        await apply(
          i % 3 ? { op: 'reopen', at: i % 2 ? at : at + workflowIds.length } : { op: 'archive', at },
        );
      }),
    );
    for (const config of [
      { group_by: [{ source: 'workflow__status_tag' }], operations: [{ function: 'count' as const }] },
      {
        group_by: [{ source: `field__${F.color}` }, { source: 'workflow__status_tag' }],
        operations: [
          { function: 'sum' as const, arguments: [{ type: 'column' as const, value: `field__${F.amount}` }] },
        ],
      },
      {
        group_by: [{ source: 'workflow__status_tag' }],
        other_configurations: { is_cycle_time_report: true, cycle_time_tag: 'rr__main' },
      },
    ]) {
      const { rollup, full } = await both({ kind_id: Number(kind.id), ...config }, viewers[1] as string);
      expect(canonical(rollup.results)).toEqual(canonical(full.results));
    }
  }, 60_000);

  it('answer counts across kinds and for test environments as the full query does', async () => {
    const row: NewRow = {
      place: 2,
      status: 0,
      minutes: 99,
      amount: 7,
      spend: null,
      color: 'blue',
      ok: false,
      note: null,
      submittedAfter: null,
    };
    await withTenant(db, tenant.id, (tx) =>
      createWorkflows(tx, tenant.id, [
        { ...newWorkflow(row, 0, ids.region, ids.unit), testEnvironment: 'QA' as const },
        { ...newWorkflow(row, 1, ids.region, ids.unit), testEnvironment: 'UAT' as const },
      ]),
    );
    const configs: ReportConfigInput[] = [
      {
        kind_id: null,
        group_by: [{ source: 'workflow__kind_tag' }, { source: 'workflow__status_tag' }],
        operations: [{ function: 'count' }],
      },
      {
        kind_id: Number(kind.id),
        group_by: [{ source: `field__${F.color}` }],
        operations: [{ function: 'sum', arguments: [{ type: 'column', value: `field__${F.amount}` }] }],
      },
    ];
    for (const config of configs) {
      for (const environment of ['PRODUCTION', 'QA', 'ALL'] as const) {
        const parsed = ReportConfigSchema.parse(config);
        const paths: ReportAnswerPath[] = [];
        const run = (rollups: boolean) =>
          withTenant(db, tenant.id, (tx) =>
            runReport(
              tx,
              tenant.id,
              {
                userId: viewers[1] as string,
                now: NOW,
                environment,
                rollups,
                onAnswered: (a) => paths.push(a),
              },
              parsed,
              { limit: 1000, offset: 0 },
            ),
          );
        const rollup = await run(true);
        const full = await run(false);
        expect(paths[0]?.path).toBe('rollup');
        expect(canonical(rollup.results)).toEqual(canonical(full.results));
        expect(rollup.count).toBe(full.count);
      }
    }
  }, 60_000);

  it('let concurrent writers of one group wait for each other only within a shard', async () => {
    const start = workflowIds.length;
    const row: NewRow = {
      place: 1,
      status: 0,
      minutes: 500,
      amount: 1,
      spend: 1,
      color: 'green',
      ok: true,
      note: null,
      submittedAfter: 5,
    };
    await apply({ op: 'create', rows: Array.from({ length: 16 }, () => row) });
    const mine = workflowIds.slice(start).map(Number);
    const a = mine[0] as number;
    // Another shard in every table (ids modulo 8, and modulo 4 for the day counts), and the same one.
    const other = mine.find((id) => id % 8 !== a % 8 && id % 4 !== a % 4) as number;
    const same = mine.find((id) => id !== a && id % 8 === a % 8) as number;
    const toReview = (id: number) =>
      sql`update workflows set status_id = ${statusIds[1]} where tenant_id = ${tenant.id} and id = ${String(id)}`;
    class RolledBack extends Error {}
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const ready = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // A's transaction moves it to review and stays open.
    const first = withTenant(db, tenant.id, async (tx) => {
      await toReview(a).execute(tx);
      locked();
      await held;
      throw new RolledBack();
    }).catch((e) => {
      if (!(e instanceof RolledBack)) throw e;
    });
    await ready;
    const second = (id: number) =>
      withTenant(db, tenant.id, async (tx) => {
        await sql`set local lock_timeout = '400ms'`.execute(tx);
        await toReview(id).execute(tx);
        throw new RolledBack();
      }).then(
        () => 'committed',
        (e) => (e instanceof RolledBack ? 'done' : String(e.message)),
      );
    expect(await second(other)).toBe('done');
    expect(await second(same)).toMatch(/lock timeout/);
    release();
    await first;
  }, 60_000);
});
