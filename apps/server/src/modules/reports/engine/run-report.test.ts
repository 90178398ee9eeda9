import { type ReportConfigInput, ReportConfigSchema, ReportResultSchema } from '@attest/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../platform/errors.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { userId } from '../../../test/admin-fixtures.js';
import { createTestApp } from '../../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant, LAB } from '../../../test/workflow-list-fixtures.js';
import { visibleWorkflowsFilter } from '../../workflows/index.js';
import { runReport } from './run-report.js';

const { app, db, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let other: DashboardTestTenant;

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
});

type Who = 'admin' | 'member';

async function run(
  input: ReportConfigInput,
  who: Who = 'member',
  tenant = () => t,
  page = { limit: 100, offset: 0 },
) {
  const config = ReportConfigSchema.parse(input);
  const target = tenant();
  const result = await withTenant(db, target.id, (tx) =>
    runReport(tx, target.id, { userId: String(target.users[who]) }, config, page),
  );
  return ReportResultSchema.parse(result);
}

async function failure(input: ReportConfigInput): Promise<AppError> {
  try {
    await run(input);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('The report ran.');
}

const sorted = (rows: unknown[][]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('runReport (spec 2 §3.8)', () => {
  it('counts the visible workflows of the kind by status, header first', async () => {
    const result = await run({ kind_id: t.kinds.lab, group_by: [{ source: 'workflow__status_tag' }] });
    // Alpha and Gamma are drafts, Beta in review; Delta (Asia) is not visible to the member.
    expect(result.results).toEqual([
      ['Status', 'Count'],
      ['draft', 2],
      ['in_review', 1],
    ]);
    expect(result.count).toBe(2);
    // status_label: the same groups under the statuses' display names, as people read them.
    const names = await adminDb
      .selectFrom('workflow_statuses')
      .select(['tag', 'display_name'])
      .where('tenant_id', '=', t.id)
      .where('kind_id', '=', String(t.kinds.lab))
      .execute();
    const nameOf = new Map(names.map((s) => [s.tag, s.display_name]));
    const labelled = await run({ kind_id: t.kinds.lab, group_by: [{ source: 'workflow__status_label' }] });
    expect(labelled.results[0]).toEqual(['Status', 'Count']);
    expect(sorted(labelled.results.slice(1))).toEqual(
      sorted([
        [nameOf.get('draft'), 2],
        [nameOf.get('in_review'), 1],
      ]),
    );
    expect(nameOf.get('in_review')).not.toBe('in_review');
    const admin = await run(
      { kind_id: t.kinds.lab, group_by: [{ source: 'workflow__status_tag' }] },
      'admin',
    );
    expect(admin.results.slice(1)).toEqual([
      ['draft', 3],
      ['in_review', 1],
    ]);
  });

  it('counts by status and month of creation (UTC)', async () => {
    const rows = await adminDb
      .selectFrom('workflows as w')
      .innerJoin('workflow_statuses as s', 's.id', 'w.status_id')
      .select(['s.tag', 'w.created_at', 'w.region_id'])
      .where('w.tenant_id', '=', t.id)
      .where('w.kind_id', '=', String(t.kinds.lab))
      .where('w.region_id', '=', String(t.ids.region('Europe')))
      .execute();
    const expected = new Map<string, number>();
    for (const row of rows) {
      const key = JSON.stringify([row.tag, row.created_at.toISOString().slice(0, 7)]);
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const result = await run({
      kind_id: t.kinds.lab,
      chart_type: 'BAR_CHART',
      group_by: [
        { source: 'workflow__status_tag' },
        {
          source: 'workflow__created_at',
          extra_json: { operation_type: 'month', is_for_secondary_x_axis: true },
        },
      ],
      operations: [{ function: 'count' }],
    });
    expect(result.results[0]).toEqual(['Status', 'Created at', 'Count']);
    expect(sorted(result.results.slice(1))).toEqual(
      sorted([...expected].map(([key, n]) => [...(JSON.parse(key) as string[]), n])),
    );
    expect(result.count).toBe(expected.size);
  });

  it('groups by an answer, by value or by option label, and aggregates a number answer', async () => {
    const byValue = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: `field__${LAB.color}` }],
      operations: [
        { function: 'sum', arguments: [{ type: 'column', value: `field__${LAB.count}` }] },
        {
          function: 'avg',
          arguments: [{ type: 'column', value: `field__${LAB.amount}` }],
          label: 'Mean amount',
        },
      ],
    });
    // Alpha red (count 5, amount 10.5), Beta green (20, 99.99), Gamma unanswered.
    expect(byValue.results).toEqual([
      ['Color', 'Sum of Count', 'Mean amount'],
      ['green', 20, 99.99],
      ['red', 5, 10.5],
      [null, null, null],
    ]);
    const byLabel = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: `field__${LAB.color}`, extra_json: { label_output_type: 'label' } }],
      order_by: [{ type: 'column', source: `field__${LAB.color}`, ordering: 'DESC' }],
    });
    expect(byLabel.results.slice(1)).toEqual([
      ['Red', 1],
      ['Green', 1],
      [null, 1],
    ]);
  });

  it('groups a list answer (multi-select, tags) by item: a workflow counts in each of its items', async () => {
    const colors = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: `field__${LAB.colors}`, extra_json: { label_output_type: 'label' } }],
      operations: [
        { function: 'count' },
        { function: 'sum', arguments: [{ type: 'column', value: `field__${LAB.count}` }] },
      ],
    });
    // Alpha: red and blue (count 5); Beta: green (20); Gamma: none.
    expect(colors.results).toEqual([
      ['Colors', 'Count', 'Sum of Count'],
      ['Blue', 1, 5],
      ['Green', 1, 20],
      ['Red', 1, 5],
      [null, 1, null],
    ]);
    const tags = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: `field__${LAB.tags}` }, { source: 'workflow__name' }],
    });
    expect(tags.results.slice(1)).toEqual([
      ['critical', 'Alpha', 1],
      ['kyc', 'Alpha', 1],
      ['low', 'Beta', 1],
      [null, 'Gamma', 1],
    ]);
    expect(tags.count).toBe(4);
  });

  it('answers the minimum, maximum and average cycle time of a step group per group, in seconds', async () => {
    const result = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: 'workflow__status_tag' }],
      other_configurations: { is_cycle_time_report: true, cycle_time_tag: 'lab__intake' },
    });
    // Beta's intake was submitted an hour after it opened; the drafts' intake still runs.
    expect(result.results).toEqual([
      ['Status', 'Minimum Cycle Time', 'Maximum Cycle Time', 'Average Cycle Time'],
      ['draft', null, null, null],
      ['in_review', 3600, 3600, 3600],
    ]);
    const average = await run({
      kind_id: t.kinds.lab,
      operations: [
        { function: 'avg', arguments: [{ type: 'column', value: 'step_group__lab__intake__cycle_time' }] },
      ],
      filters: {
        conditions: [
          { lhs_source: 'workflow__status', data_type: 'choice', op: 'eq', rhs_value: 'in_review' },
        ],
      },
    });
    expect(average.results).toEqual([['Average of Intake: cycle time'], [3600]]);
  });

  it('filters as the dashboard does, and orders and pages the groups', async () => {
    const result = await run({
      kind_id: t.kinds.lab,
      group_by: [{ source: 'workflow__name' }],
      operations: [{ function: 'max', arguments: [{ type: 'column', value: `field__${LAB.count}` }] }],
      order_by: [
        {
          type: 'operation',
          ordering: 'DESC',
          operations: [{ function: 'max', arguments: [{ type: 'column', value: `field__${LAB.count}` }] }],
        },
      ],
      filters: {
        type: 'OR',
        conditions: [
          { lhs_source: `field__${LAB.count}`, data_type: 'integer', op: 'gte', rhs_value: 1 },
          {
            type: 'AND',
            conditions: [{ lhs_source: 'workflow__name', data_type: 'text', op: 'eq', rhs_value: 'Gamma' }],
          },
        ],
      },
    });
    expect(result.results.slice(1)).toEqual([
      ['Beta', 20],
      ['Alpha', 5],
      ['Gamma', null],
    ]);
    const second = await run(
      { kind_id: t.kinds.lab, group_by: [{ source: 'workflow__name' }] },
      'member',
      () => t,
      {
        limit: 1,
        offset: 1,
      },
    );
    expect(second).toEqual({
      results: [
        ['Name', 'Count'],
        ['Beta', 1],
      ],
      count: 3,
    });
    const past = await run(
      { kind_id: t.kinds.lab, group_by: [{ source: 'workflow__name' }] },
      'member',
      () => t,
      {
        limit: 10,
        offset: 10,
      },
    );
    expect(past).toEqual({ results: [['Name', 'Count']], count: 3 });
  });

  it('lists attributes per workflow when nothing is grouped', async () => {
    const result = await run({
      kind_id: t.kinds.lab,
      attributes: [{ value: 'workflow__name' }, { value: 'workflow__region_name', label: 'Where' }],
      order_by: [{ source: 'workflow__name', ordering: 'DESC' }],
    });
    expect(result).toEqual({
      results: [
        ['Name', 'Where'],
        ['Gamma', 'Europe'],
        ['Beta', 'Europe'],
        ['Alpha', 'Europe'],
      ],
      count: 3,
    });
  });

  it("never counts another tenant's workflows, nor invisible ones", async () => {
    const all = await run({ operations: [{ function: 'count' }] }, 'admin');
    // Lab: four, plus the child and the grandchild.
    expect(all.results).toEqual([['Count'], [6]]);
    const member = await run({ operations: [{ function: 'count' }] }, 'member');
    expect(member.results).toEqual([['Count'], [5]]);
    // The other tenant's kind is not found from this tenant.
    await expect(
      run({ kind_id: other.kinds.lab, operations: [{ function: 'count' }] }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('keeps to the list rule of visibility: region access or business-unit access', async () => {
    // The supplier has no region; give them one business unit (Tokyo, in Asia) only.
    const supplier = String(userId(t, t.email('supplier')));
    await adminDb
      .insertInto('user_business_unit_access')
      .values({
        tenant_id: t.id,
        user_id: supplier,
        business_unit_id: String(t.ids.unit('Tokyo')),
        access: 'read',
      })
      .execute();
    for (const user of [supplier, String(t.users.member), String(t.users.admin)]) {
      const listed = await withTenant(adminDb, t.id, (tx) =>
        tx
          .selectFrom('workflows as w')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('w.kind_id', '=', String(t.kinds.lab))
          .where('w.archived_at', 'is', null)
          .where(visibleWorkflowsFilter(user))
          .executeTakeFirstOrThrow(),
      );
      const config = ReportConfigSchema.parse({ kind_id: t.kinds.lab, operations: [{ function: 'count' }] });
      const report = await withTenant(db, t.id, (tx) =>
        runReport(tx, t.id, { userId: user }, config, { limit: 10, offset: 0 }),
      );
      expect(report.results[1]).toEqual([Number(listed.n)]);
    }
    // Delta, the lab's only Tokyo workflow, is all the supplier sees.
    const supplierReport = await withTenant(db, t.id, (tx) =>
      runReport(
        tx,
        t.id,
        { userId: supplier },
        ReportConfigSchema.parse({ kind_id: t.kinds.lab, attributes: [{ value: 'workflow__name' }] }),
        { limit: 10, offset: 0 },
      ),
    );
    expect(supplierReport.results.slice(1).map((row) => row[0])).toEqual(['Delta']);
  });

  it('reads step-group cycles that are always the fold of the steps (inserted, updated, deleted)', async () => {
    // workflow_step_group_cycles (migration 0017) is kept by triggers on workflow_steps.
    const kept = () =>
      withTenant(adminDb, other.id, async (tx) => {
        const { rows } = await sql<{ folded: unknown; table: unknown }>`
          select
            (select coalesce(jsonb_agg(f order by f.workflow_id, f.step_group_tag), '[]') from (
              select workflow_id, step_group_tag, min(initiated_at) as cycle_start,
                max(completed_at) as last_completed, bool_or(state = 'enabled') as running
              from workflow_steps group by workflow_id, step_group_tag) f) as folded,
            (select coalesce(jsonb_agg(c order by c.workflow_id, c.step_group_tag), '[]') from (
              select workflow_id, step_group_tag, cycle_start, last_completed, running
              from workflow_step_group_cycles) c) as table`.execute(tx);
        return rows[0];
      });
    const check = async () => {
      const { folded, table } = (await kept()) ?? {};
      expect(Array.isArray(folded) && folded.length).toBeGreaterThan(0);
      expect(table).toEqual(folded);
    };
    await check();
    const alpha = String(other.workflows.alpha);
    await withTenant(adminDb, other.id, (tx) =>
      tx
        .updateTable('workflow_steps')
        .set({ state: 'completed', completed_at: new Date('2030-01-01T00:00:00Z') })
        .where('workflow_id', '=', alpha)
        .execute(),
    );
    await check();
    await withTenant(adminDb, other.id, (tx) =>
      tx.deleteFrom('workflow_steps').where('workflow_id', '=', String(other.workflows.beta)).execute(),
    );
    await check();
  });

  it('answers 400 with a stable code for a tag the kind lacks or a wrong aggregation', async () => {
    expect(
      await failure({ kind_id: t.kinds.lab, group_by: [{ source: 'field__lab__intake__form__nope' }] }),
    ).toMatchObject({
      statusCode: 400,
      code: 'report_unknown_field',
      message:
        'field__lab__intake__form__nope names a field this kind does not have or that takes no answer.',
    });
    expect(
      await failure({ kind_id: t.kinds.lab, group_by: [{ source: 'step__lab__nope__form__state' }] }),
    ).toMatchObject({
      code: 'report_unknown_step',
    });
    expect(
      await failure({ kind_id: t.kinds.lab, group_by: [{ source: 'step_group__lab__nope__cycle_time' }] }),
    ).toMatchObject({ code: 'report_unknown_step_group' });
    expect(await failure({ group_by: [{ source: `field__${LAB.color}` }] })).toMatchObject({
      code: 'report_source_needs_kind',
    });
    expect(
      await failure({
        kind_id: t.kinds.lab,
        operations: [{ function: 'sum', arguments: [{ type: 'column', value: `field__${LAB.color}` }] }],
      }),
    ).toMatchObject({ code: 'report_invalid_aggregation' });
    expect(
      await failure({
        kind_id: t.kinds.lab,
        group_by: [{ source: 'workflow__name', extra_json: { operation_type: 'month' } }],
      }),
    ).toMatchObject({ code: 'report_invalid_date_grouping' });
    expect(
      await failure({
        kind_id: t.kinds.lab,
        filters: {
          conditions: [
            {
              type: 'OR',
              conditions: [{ lhs_source: 'workflow__name', data_type: 'text', op: 'eq', rhs_value: 'x' }],
            },
            {
              type: 'AND',
              conditions: [
                { lhs_source: 'workflow__name', data_type: 'text', op: 'eq', rhs_value: 'x' },
                { lhs_source: 'field__lab__intake__form__nope', data_type: 'text', op: 'eq', rhs_value: 'x' },
              ],
            },
          ],
        },
      }),
    ).toMatchObject({
      // Problems name the report's own condition paths.
      code: 'invalid_filter',
      extra: { problems: [{ path: 'conditions.1.conditions.1', key: 'unknownAttribute' }] },
    });
  });

  it('ORM report: reads the parent, children and grandchildren of each workflow (left joins)', async () => {
    const children = await run({
      report_kind: 'orm_workflow',
      kind_id: t.kinds.lab,
      group_by: [{ source: 'workflow__name' }],
      operations: [
        {
          function: 'count',
          arguments: [{ type: 'column', value: 'workflow__id' }],
          join_relation: 'children',
          kind_id: t.kinds.child,
        },
      ],
    });
    expect(children.results).toEqual([
      ['Name', 'Count of Children: Id'],
      ['Alpha', 1],
      ['Beta', 0],
      ['Gamma', 0],
    ]);
    const grandchildren = await run({
      report_kind: 'orm_workflow',
      kind_id: t.kinds.lab,
      group_by: [
        { source: 'workflow__name' },
        { source: 'workflow__name', join_relation: 'grandchildren', kind_id: t.kinds.grandchild },
      ],
    });
    expect(grandchildren.results).toEqual([
      ['Name', 'Grandchildren: Name', 'Count'],
      ['Alpha', 'Alpha grandchild', 1],
      ['Beta', null, 1],
      ['Gamma', null, 1],
    ]);
    const parent = await run({
      report_kind: 'orm_workflow',
      kind_id: t.kinds.child,
      group_by: [{ source: 'workflow__status_tag', join_relation: 'parent', kind_id: t.kinds.lab }],
    });
    expect(parent.results).toEqual([
      ['Parent: Status', 'Count'],
      ['draft', 1],
    ]);
    expect(
      await failure({
        kind_id: t.kinds.lab,
        group_by: [{ source: 'workflow__name', join_relation: 'parent' }],
      }),
    ).toMatchObject({ code: 'report_relation_not_in_kind' });
    expect(
      await failure({
        report_kind: 'orm_workflow',
        kind_id: t.kinds.lab,
        group_by: [
          { source: 'workflow__name', join_relation: 'children' },
          { source: 'workflow__name', join_relation: 'grandchildren' },
        ],
      }),
    ).toMatchObject({ code: 'report_relation_kinds' });
  });

  it('Integration Call Report: the calls of visible workflows, with their duration', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const later = (s: number) => new Date(at.getTime() + s * 1000);
    const runOf = (workflow: number, connector: string, state: 'finished' | 'failed', seconds: number) => ({
      tenant_id: t.id,
      workflow_id: String(workflow),
      step_tag: LAB.form,
      connector,
      state,
      created_at: at,
      finished_at: later(seconds),
    });
    await adminDb
      .insertInto('integration_runs')
      .values([
        runOf(t.workflows.alpha, 'screening', 'finished', 10),
        runOf(t.workflows.beta, 'screening', 'finished', 30),
        runOf(t.workflows.alpha, 'kyc', 'failed', 5),
        runOf(t.workflows.delta, 'screening', 'finished', 1000),
      ])
      .execute();
    const result = await run({
      report_kind: 'integration_call',
      kind_id: t.kinds.lab,
      group_by: [{ source: 'integration_call__connector' }],
      operations: [
        { function: 'count' },
        { function: 'avg', arguments: [{ type: 'column', value: 'integration_call__duration' }] },
        { function: 'count', arguments: [{ type: 'column', value: 'workflow__name' }], label: 'Workflows' },
      ],
      filters: {
        conditions: [
          {
            lhs_source: 'workflow__region',
            data_type: 'choice',
            op: 'in',
            rhs_value: [t.ids.region('Europe')],
          },
        ],
      },
    });
    expect(result.results).toEqual([
      ['Connector', 'Count', 'Average of Call duration', 'Workflows'],
      ['kyc', 1, 5, 1],
      ['screening', 2, 20, 2],
    ]);
    expect(
      await failure({ report_kind: 'workflow', group_by: [{ source: 'integration_call__connector' }] }),
    ).toMatchObject({
      code: 'report_source_not_in_kind',
    });
  });

  it("Email Delivery Report: the tenant's outbox by domain and status, never another tenant's", async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const mail = (tenantId: string, to: string, status: 'sent' | 'failed', seconds: number | null) => ({
      tenant_id: tenantId,
      to_address: to,
      subject: 'Report test',
      text_body: 'code 123456',
      status,
      created_at: at,
      sent_at: seconds === null ? null : new Date(at.getTime() + seconds * 1000),
    });
    await adminDb
      .insertInto('outbox_emails')
      .values([
        mail(t.id, 'a@Report-A.test', 'sent', 2),
        mail(t.id, 'b@report-a.test', 'sent', 4),
        mail(t.id, 'c@report-b.test', 'failed', null),
        mail(other.id, 'd@report-a.test', 'sent', 100),
      ])
      .execute();
    const result = await run({
      report_kind: 'email_delivery',
      group_by: [{ source: 'email__recipient_domain' }, { source: 'email__status' }],
      operations: [
        { function: 'count' },
        { function: 'max', arguments: [{ type: 'column', value: 'email__delivery_time' }] },
      ],
    });
    const mine = result.results.filter((row) => String(row[0]).startsWith('report-'));
    expect(result.results[0]).toEqual([
      'Recipient domain',
      'Delivery status',
      'Count',
      'Maximum of Delivery time',
    ]);
    expect(mine).toEqual([
      ['report-a.test', 'sent', 2, 4],
      ['report-b.test', 'failed', 1, null],
    ]);
    expect(
      await failure({ report_kind: 'email_delivery', group_by: [{ source: 'workflow__name' }] }),
    ).toMatchObject({
      code: 'report_source_not_in_kind',
    });
    expect(
      await failure({
        report_kind: 'email_delivery',
        group_by: [{ source: 'email__status' }],
        filters: {
          conditions: [{ lhs_source: 'workflow__name', data_type: 'text', op: 'eq', rhs_value: 'x' }],
        },
      }),
    ).toMatchObject({ code: 'report_filters_not_in_kind' });
  });
});
