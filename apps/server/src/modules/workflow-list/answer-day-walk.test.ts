import {
  type ConditionGroup,
  DASHBOARD_PATHS,
  defaultListState,
  type FilterCondition,
  WorkflowListPageSchema,
  type WorkflowListState,
} from '@attest/shared';
import { type SqlBool, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp } from '../../test/test-app.js';
import {
  type DashboardTestTenant,
  dashboardTestTenant,
  LAB,
  labDefinition,
} from '../../test/workflow-list-fixtures.js';
import { createWorkflows } from '../workflows/index.js';
import { type DayWalk, dayWalkOf, stateWithoutWalk } from './answer-day-walk.js';
import { pageByDayWalk, pageFromEachDaysNewest, pageProbingEachDay } from './answer-day-walk.repository.js';
import { listPage } from './list.repository.js';
import { listOrdering } from './list-ordering.js';
import { listWhere } from './list-where.js';
import { resolveListScope } from './resolve-list-scope.js';

// The day walk (answer-day-walk.ts) gives the same page as the list's plain query, for ranges, single
// days and periods of a date and a naive date, beside other filters, for every window and viewer,
// and never another tenant's workflows. Its order rests on workflow_created_at, filled by migration
// 0045's trigger with the workflow's created_at.
const { app, adminDb } = await createTestApp();

const DAY_MS = 24 * 3600 * 1000;
const now = Date.now();
const dayOf = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString().slice(0, 10);

let t: DashboardTestTenant;
let other: DashboardTestTenant;

// 120 more lab workflows: answers on 30 days, created over 60 days, some at the very same instant
// (the order's tie breaks on id), a third in Asia (hidden from the member), every seventh unanswered.
async function addDatedWorkflows(tenant: DashboardTestTenant) {
  const kindRow = await adminDb
    .selectFrom('workflow_definitions')
    .select(['id', 'kind_id'])
    .where('tenant_id', '=', tenant.id)
    .where('kind_id', '=', String(tenant.kinds.lab))
    .executeTakeFirstOrThrow();
  const kind = {
    id: String(kindRow.kind_id),
    definitionId: String(kindRow.id),
    definition: labDefinition(tenant.email('member')),
  };
  const inputs = Array.from({ length: 120 }, (_, i) => {
    const asia = i % 3 === 0;
    const createdAt = new Date(now - (i % 40 === 5 ? 3 : (i * 37) % 60) * DAY_MS - (i % 4) * 1000);
    return {
      kind,
      name: `Dated ${i}`,
      regionId: String(tenant.ids.region(asia ? 'Asia' : 'Europe')),
      businessUnitId: String(tenant.ids.unit(asia ? 'Tokyo' : 'Paris')),
      createdBy: String(tenant.users.admin),
      createdAt,
      answers:
        i % 7 === 0
          ? {}
          : {
              [LAB.day]: dayOf((i * 11) % 30),
              [LAB.due]: new Date(now - ((i * 13) % 30) * DAY_MS).toISOString(),
              [LAB.title]: i % 2 === 0 ? 'even' : 'odd',
            },
    };
  });
  await withTenant(adminDb, tenant.id, (tx) => createWorkflows(tx, tenant.id, inputs));
}

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  await Promise.all([addDatedWorkflows(t), addDatedWorkflows(other)]);
});

function group(...conditions: FilterCondition[]): ConditionGroup {
  return { compareType: 'AND', conditions, groups: [] };
}
const dayRange = (from: number, to: number): FilterCondition => ({
  field: `field__${LAB.day}`,
  type: 'naive_date',
  operator: 'range',
  value: [dayOf(from), dayOf(to)],
});

describe('the day walk of a date answer', () => {
  it('lists the same page as the plain query', async () => {
    const states: Partial<WorkflowListState>[] = [
      { advanced_filters: group(dayRange(20, 5)) },
      { advanced_filters: group(dayRange(29, 0)) },
      {
        advanced_filters: group({
          field: `field__${LAB.day}`,
          type: 'naive_date',
          operator: 'eq',
          value: dayOf(11),
        }),
      },
      {
        advanced_filters: group({
          field: `field__${LAB.due}`,
          type: 'date',
          operator: 'is_within_last',
          value: '2w',
        }),
      },
      {
        advanced_filters: group(dayRange(25, 2), {
          field: `field__${LAB.title}`,
          type: 'char',
          operator: 'eq',
          value: 'even',
        }),
      },
      { advanced_filters: group(dayRange(25, 2)), region__in: [t.ids.region('Europe')], q: 'dated 1' },
      // A range with no day in it.
      { advanced_filters: group(dayRange(5, 20)) },
    ];
    const theirs = new Set((await idsOfTenant(other.id)).map(String));
    let compared = 0;
    let walked = 0;
    let sure = 0;
    let unsure = 0;
    for (const userId of [String(t.users.member), String(t.users.admin)]) {
      for (const partial of states) {
        const state = { ...defaultListState(), kind_id: t.kinds.lab, ...partial } as WorkflowListState;
        for (const limit of [1, 2, 20]) {
          for (const offset of [0, 1, 3, 8, 21]) {
            const [plain, pages, walk] = await withTenant(adminDb, t.id, async (tx) => {
              const { kindIds, catalogue } = await resolveListScope(tx, t.id, state);
              const when = new Date(now);
              const scope = (s: WorkflowListState) =>
                listWhere({ state: s, kindIds, tenantId: t.id, userId, catalogue, now: when });
              const ordering = listOrdering(state.ordering, catalogue);
              const walk = dayWalkOf(state, catalogue, when, { limit, offset }) as DayWalk;
              expect(walk).not.toBeNull();
              const walkScope = {
                tenantId: t.id,
                userId,
                otherFilters: scope(stateWithoutWalk(state, walk)),
                ordering,
              };
              return [
                await listPage(
                  tx,
                  { tenantId: t.id, userId, where: scope(state), ordering },
                  { limit, offset },
                ),
                {
                  either: await pageByDayWalk(tx, walkScope, walk, { limit, offset }),
                  probing: await pageProbingEachDay(tx, walkScope, walk, { limit, offset }),
                  newest: await pageFromEachDaysNewest(tx, walkScope, walk, { limit, offset }),
                },
                walk,
              ] as const;
            });
            expect(pages.either).toEqual(plain);
            expect(pages.probing).toEqual(plain);
            // Unsure of its page (or an empty one), it says so rather than give another.
            if (pages.newest === null) unsure += 1;
            else {
              expect(pages.newest).toEqual(plain);
              sure += 1;
            }
            expect(walk.fieldTag).toMatch(/__(day|due)$/);
            for (const row of plain) expect(theirs.has(String(row.id))).toBe(false);
            compared += plain.length;
            walked += 1;
          }
        }
      }
    }
    expect(walked).toBe(2 * 7 * 3 * 5);
    // Both ways were taken: the member does not see a third of the answers' workflows.
    expect(sure).toBeGreaterThan(50);
    expect(unsure).toBeGreaterThan(10);
    expect(compared).toBeGreaterThan(400);
  });

  it('is taken only newest first, for a bounded range and a window near the start', async () => {
    const state = { ...defaultListState(), kind_id: t.kinds.lab, advanced_filters: group(dayRange(20, 5)) };
    const { catalogue } = await withTenant(adminDb, t.id, (tx) => resolveListScope(tx, t.id, state));
    const window = { limit: 20, offset: 0 };
    expect(dayWalkOf(state, catalogue, new Date(now), window)).not.toBeNull();
    expect(dayWalkOf({ ...state, ordering: 'name' }, catalogue, new Date(now), window)).toBeNull();
    expect(dayWalkOf(state, catalogue, new Date(now), { limit: 20, offset: 500 })).toBeNull();
    const decade = { ...state, advanced_filters: group(dayRange(3650, 0)) };
    expect(dayWalkOf(decade, catalogue, new Date(now), window)).toBeNull();
    const negated = {
      ...state,
      advanced_filters: group({ ...dayRange(20, 5), operator: 'not_eq' as const }),
    };
    expect(dayWalkOf(negated, catalogue, new Date(now), window)).toBeNull();
    const either = { ...state, advanced_filters: { ...group(dayRange(20, 5)), compareType: 'OR' as const } };
    expect(dayWalkOf(either, catalogue, new Date(now), window)).toBeNull();
  });

  it('answers GET workflows/ with the matches in the list order', async () => {
    const member = await t.signedIn('member');
    const params = new URLSearchParams({
      kind_id: String(t.kinds.lab),
      advanced_filters: JSON.stringify(group(dayRange(20, 5))),
    });
    const response = await member.get(`${DASHBOARD_PATHS.workflows}?${params}`);
    expect(response.statusCode).toBe(200);
    const page = WorkflowListPageSchema.parse(response.json());
    const expected = await adminDb
      .selectFrom('workflows as w')
      .innerJoin('workflow_responses as r', (join) =>
        join.onRef('r.tenant_id', '=', 'w.tenant_id').onRef('r.workflow_id', '=', 'w.id'),
      )
      .select(['w.name'])
      .where('w.tenant_id', '=', t.id)
      .where('w.region_id', '=', String(t.ids.region('Europe')))
      .where('r.field_tag', '=', LAB.day)
      .where('r.is_current', '=', true)
      .where(sql<SqlBool>`r.date_value between ${dayOf(20)}::date and ${dayOf(5)}::date`)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .execute();
    expect(page.count).toBe(expected.length);
    expect(page.results.map((r) => r.name)).toEqual(expected.slice(0, 20).map((r) => r.name));
    expect(expected.length).toBeGreaterThan(20);
  });

  it('keeps workflow_answer_days equal to the current date answers as answers change', async () => {
    const mirror = async () =>
      (
        await sql<{
          row: string;
        }>`select concat_ws('|', workflow_id, field_tag, date_value, workflow_created_at) as row
          from workflow_answer_days where tenant_id = ${t.id} order by 1`.execute(adminDb)
      ).rows.map((r) => r.row);
    const truth = async () =>
      (
        await sql<{
          row: string;
        }>`select concat_ws('|', r.workflow_id, r.field_tag, r.date_value, w.created_at) as row
          from workflow_responses r join workflows w on w.tenant_id = r.tenant_id and w.id = r.workflow_id
          where r.tenant_id = ${t.id} and r.is_current and r.date_value is not null order by 1`.execute(
          adminDb,
        )
      ).rows.map((r) => r.row);
    expect((await truth()).length).toBeGreaterThan(200);
    expect(await mirror()).toEqual(await truth());

    // A new version of a date answer (as answers.repository writes one), then one that clears it.
    const alpha = String(t.workflows.alpha);
    const newVersion = async (date: string | null) => {
      await sql`update workflow_responses set is_current = false
        where tenant_id = ${t.id} and workflow_id = ${alpha} and field_tag = ${LAB.day} and is_current`.execute(
        adminDb,
      );
      await sql`insert into workflow_responses (tenant_id, workflow_id, field_tag, step_tag, version, value, text_value, date_value)
        select ${t.id}, ${alpha}, ${LAB.day}, ${LAB.form}, max(version) + 1, to_jsonb(${date}::text), ${date}, ${date}::date
        from workflow_responses where tenant_id = ${t.id} and workflow_id = ${alpha} and field_tag = ${LAB.day}`.execute(
        adminDb,
      );
    };
    await newVersion(dayOf(400));
    expect(await mirror()).toContain(
      (await truth()).find((row) => row.startsWith(`${alpha}|${LAB.day}|${dayOf(400)}`)),
    );
    expect(await mirror()).toEqual(await truth());
    await newVersion(null);
    expect((await mirror()).some((row) => row.startsWith(`${alpha}|${LAB.day}|`))).toBe(false);
    expect(await mirror()).toEqual(await truth());

    // A deleted workflow takes its rows along.
    const beta = String(t.workflows.beta);
    expect((await mirror()).some((row) => row.startsWith(`${beta}|`))).toBe(true);
    await sql`delete from workflows where tenant_id = ${t.id} and id = ${beta}`.execute(adminDb);
    expect((await mirror()).some((row) => row.startsWith(`${beta}|`))).toBe(false);
    expect(await mirror()).toEqual(await truth());
  });
});

async function idsOfTenant(tenantId: string): Promise<string[]> {
  const rows = await adminDb.selectFrom('workflows').select('id').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => String(r.id));
}
