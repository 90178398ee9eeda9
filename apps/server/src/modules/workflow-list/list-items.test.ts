import { DASHBOARD_PATHS, WorkflowListPageSchema } from '@attest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import {
  type DashboardTestTenant,
  dashboardTestTenant,
  leafKind,
} from '../../test/workflow-list-fixtures.js';
import { createWorkflows } from '../workflows/index.js';

// The details a page reads beside its rows in one statement (list-lookups.repository.ts): a parent
// is named only to those who may see it.
const { app, adminDb } = await createTestApp();

let t: DashboardTestTenant;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await dashboardTestTenant(app, adminDb);
  member = await t.signedIn('member');
  admin = await t.signedIn('admin');
});

async function familyOf(client: TestClient, name: string) {
  const response = await client.get(`${DASHBOARD_PATHS.workflows}?q=${encodeURIComponent(name)}`);
  expect(response.statusCode).toBe(200);
  const row = WorkflowListPageSchema.parse(response.json()).results.find((r) => r.name === name);
  return row?.workflow_family.map((f) => [f.name, f.relation]);
}

describe('a page of the list', () => {
  it('names a parent only to those who may see it', async () => {
    const kind = await adminDb
      .selectFrom('workflow_kinds')
      .select(['id', 'current_definition_id'])
      .where('id', '=', String(t.kinds.grandchild))
      .executeTakeFirstOrThrow();
    await withTenant(adminDb, t.id, (tx) =>
      createWorkflows(tx, t.id, [
        {
          kind: {
            id: kind.id,
            definitionId: String(kind.current_definition_id),
            definition: leafKind('lab_grandchild', 'Lab grandchild'),
          },
          name: 'Child of Delta',
          regionId: String(t.ids.region('Europe')),
          businessUnitId: String(t.ids.unit('Paris')),
          parentId: String(t.workflows.delta),
          createdBy: null,
        },
      ]),
    );
    // Delta is in Asia: the member sees its child in Paris, never Delta's name.
    expect(await familyOf(member, 'Child of Delta')).toEqual([['Child of Delta', 'self']]);
    expect(await familyOf(admin, 'Child of Delta')).toEqual([
      ['Delta', 'parent'],
      ['Child of Delta', 'self'],
    ]);
  });
});
