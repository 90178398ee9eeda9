import { DASHBOARD_PATHS, defaultListState, WorkflowListPageSchema } from '@attest/shared';
import { type SqlBool, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp } from '../../test/test-app.js';
import { type DashboardTestTenant, dashboardTestTenant } from '../../test/workflow-list-fixtures.js';
import { listPage } from './list.repository.js';
import { listOrdering } from './list-ordering.js';
import { listWhere, stepsMyTasks } from './list-where.js';
import { myTasksForms } from './my-tasks.js';

const { app, adminDb } = await createTestApp();

// The dashboard's my tasks (filter_by_group) reads open_tasks (migration 0025); here it must find
// exactly the workflows the rule over the steps finds (stepsMyTasks: workflow_step_users joined to
// the open steps), for a spread of assignments: direct, through a group, claimed (a person beside
// the group), on a finished step, in a region the viewer cannot see, archived, a test workflow, in
// another tenant.

let t: DashboardTestTenant;
let other: DashboardTestTenant;
const groups = { both: 0, adminOnly: 0, nobody: 0 };
let otherGroup = 0;

async function newGroup(tenantId: string, name: string, members: number[]): Promise<number> {
  return withTenant(adminDb, tenantId, async (tx) => {
    const { rows } = await sql<{ id: string }>`insert into groups (tenant_id, name)
      values (${tenantId}, ${name}) returning id`.execute(tx);
    const id = String(rows[0]?.id);
    for (const user of members) {
      await sql`insert into user_groups (tenant_id, user_id, group_id) values (${tenantId}, ${user}, ${id})`.execute(
        tx,
      );
    }
    return Number(id);
  });
}

async function stepOf(tx: Tx, tenantId: string, workflowId: number, open: boolean): Promise<string> {
  const { rows } = await sql<{ step_tag: string }>`select step_tag from workflow_steps
    where tenant_id = ${tenantId} and workflow_id = ${workflowId}
      and (state = 'enabled') = ${open} order by step_tag limit 1`.execute(tx);
  const tag = rows[0]?.step_tag;
  if (!tag) throw new Error(`workflow ${workflowId} has no ${open ? 'open' : 'finished'} step`);
  return tag;
}

async function assign(
  tenantId: string,
  workflowId: number,
  open: boolean,
  who: { user?: number; group?: number },
): Promise<void> {
  await withTenant(adminDb, tenantId, async (tx) => {
    const step = await stepOf(tx, tenantId, workflowId, open);
    await sql`insert into workflow_step_users (tenant_id, workflow_id, step_tag, user_id, group_id)
      values (${tenantId}, ${workflowId}, ${step}, ${who.user ?? null}, ${who.group ?? null})
      on conflict do nothing`.execute(tx);
  });
}

async function workflowNamed(tenant: DashboardTestTenant, name: string): Promise<number> {
  return withTenant(adminDb, tenant.id, async (tx) => {
    const { rows } = await sql<{ id: string }>`select id from workflows
      where tenant_id = ${tenant.id} and name = ${name}`.execute(tx);
    return Number(rows[0]?.id);
  });
}

beforeAll(async () => {
  [t, other] = await Promise.all([dashboardTestTenant(app, adminDb), dashboardTestTenant(app, adminDb)]);
  const { admin, member } = t.users;
  groups.both = await newGroup(t.id, 'Both', [admin, member]);
  groups.adminOnly = await newGroup(t.id, 'Admin only', [admin]);
  groups.nobody = await newGroup(t.id, 'Nobody', []);
  otherGroup = await newGroup(other.id, 'Both', [other.users.admin, other.users.member]);
  const child = await workflowNamed(t, 'Alpha child');
  const grandchild = await workflowNamed(t, 'Alpha grandchild');
  // Delta is in Asia, hidden from the member: the member directly (the fixture too), and a group of
  // both.
  await assign(t.id, t.workflows.delta, true, { user: member });
  await assign(t.id, t.workflows.delta, true, { group: groups.both });
  // ...and a QA test workflow, which open_tasks leaves out: environment=QA and ALL list it.
  await withTenant(adminDb, t.id, (tx) =>
    sql`update workflows set test_environment = 'QA' where tenant_id = ${t.id} and id = ${t.workflows.delta}`.execute(
      tx,
    ),
  );
  // Alpha child: the admin's group, claimed by the member.
  await assign(t.id, child, true, { group: groups.adminOnly });
  await assign(t.id, child, true, { user: member });
  // Beta's finished intake step: the admin directly (not a task).
  await assign(t.id, t.workflows.beta, false, { user: admin });
  // Gamma: a group nobody is in.
  await assign(t.id, t.workflows.gamma, true, { group: groups.nobody });
  // The grandchild: the admin directly and the group of both, then archived.
  await assign(t.id, grandchild, true, { user: admin });
  await assign(t.id, grandchild, true, { group: groups.both });
  await withTenant(adminDb, t.id, (tx) =>
    sql`update workflows set archived_at = now() where tenant_id = ${t.id} and id = ${grandchild}`.execute(
      tx,
    ),
  );
  // Another tenant: its admin on its Alpha, its group on its Gamma.
  await assign(other.id, other.workflows.alpha, true, { user: other.users.admin });
  await assign(other.id, other.workflows.gamma, true, { group: otherGroup });
});

type Viewer = 'admin' | 'member';

// The names a page of my tasks lists, as the list builds it (open_tasks), or with the rule over the
// steps in its place.
type Environment = 'PRODUCTION' | 'QA' | 'ALL';

async function found(
  viewer: Viewer,
  group: 'me' | number,
  archived: boolean,
  how: { form: 'semi' | 'probe'; steps?: boolean; groupIds?: 'read' | 'inline'; environment?: Environment },
): Promise<string[]> {
  const userId = String(t.users[viewer]);
  const rows = await withTenant(adminDb, t.id, async (tx) => {
    const state = {
      ...defaultListState(),
      archived,
      environment: how.environment ?? 'PRODUCTION',
      filter_by_group: group,
      ordering: 'name',
    };
    const common = { kindIds: null, tenantId: t.id, userId, catalogue: new Map(), now: new Date() };
    let where: ReturnType<typeof listWhere>;
    if (how.steps) {
      const rest = listWhere({ ...common, state: { ...state, filter_by_group: undefined } });
      where = sql<SqlBool>`(${rest} and ${stepsMyTasks(t.id, userId, group, how.form)})`;
    } else {
      const myGroupIds =
        how.groupIds === 'read'
          ? (await myTasksForms(tx, { tenantId: t.id, userId, group })).groupIds
          : undefined;
      where = listWhere({ ...common, state, myTasksForm: how.form, myGroupIds });
    }
    return listPage(
      tx,
      { tenantId: t.id, userId, where, ordering: listOrdering('name', new Map()) },
      { limit: 100, offset: 0 },
    );
  });
  return rows.map((row) => row.name);
}

describe('my tasks from open_tasks', () => {
  it('finds what the rule over the steps finds, for every viewer, group, form, archive state and environment', async () => {
    const cases: [Viewer, 'me' | number][] = [];
    for (const viewer of ['admin', 'member'] as const) {
      for (const group of ['me', groups.both, groups.adminOnly, groups.nobody, otherGroup] as const) {
        cases.push([viewer, group]);
      }
    }
    for (const [viewer, group] of cases) {
      for (const archived of [false, true]) {
        for (const environment of ['PRODUCTION', 'QA', 'ALL'] as const) {
          const expected = await found(viewer, group, archived, { form: 'semi', steps: true, environment });
          expect(await found(viewer, group, archived, { form: 'probe', steps: true, environment })).toEqual(
            expected,
          );
          for (const form of ['semi', 'probe'] as const) {
            for (const groupIds of ['read', 'inline'] as const) {
              const label = `${viewer} ${group} archived=${archived} ${environment} ${form} ${groupIds}`;
              expect(await found(viewer, group, archived, { form, groupIds, environment }), label).toEqual(
                expected,
              );
            }
          }
        }
      }
    }
  });

  it('lists the spread as the filter says', async () => {
    const live = { form: 'semi' as const, groupIds: 'read' as const };
    // The member: the fixture's Alpha, Beta and Gamma, and the claimed Alpha child; not Delta (Asia).
    expect(await found('member', 'me', false, live)).toEqual(['Alpha', 'Alpha child', 'Beta', 'Gamma']);
    // The admin: the Alpha child through their own group, Delta (a QA workflow) through the group of
    // both in a QA or ALL list; not Beta (a finished step) nor the archived grandchild, which the
    // archived list holds.
    expect(await found('admin', 'me', false, live)).toEqual(['Alpha child']);
    expect(await found('admin', 'me', false, { ...live, environment: 'QA' })).toEqual(['Delta']);
    expect(await found('admin', 'me', false, { ...live, environment: 'ALL' })).toEqual([
      'Alpha child',
      'Delta',
    ]);
    expect(await found('admin', 'me', true, live)).toEqual(['Alpha grandchild']);
    expect(await found('admin', groups.nobody, false, live)).toEqual(['Gamma']);
    // Another tenant's group holds nothing here.
    expect(await found('admin', otherGroup, false, live)).toEqual([]);
  });

  it('answers the list with an exact count', async () => {
    const member = await t.signedIn('member');
    const response = await member.get(`${DASHBOARD_PATHS.workflows}?filter_by_group=me&ordering=name`);
    const page = WorkflowListPageSchema.parse(response.json());
    expect(page.results.map((r) => r.name)).toEqual(['Alpha', 'Alpha child', 'Beta', 'Gamma']);
    expect(page.count).toBe(4);
    expect(page.count_is_estimate).toBe(false);
  });
});
