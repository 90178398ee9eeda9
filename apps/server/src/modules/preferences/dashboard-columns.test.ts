import {
  DASHBOARD_COLUMN_SCOPES_MAX,
  DASHBOARD_COLUMNS_MAX,
  DashboardColumnsSchema,
  PREFERENCE_MESSAGES,
  PREFERENCE_PATHS,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

async function read(client: TestClient, scope: 'all' | number) {
  const response = await client.get(PREFERENCE_PATHS.dashboardColumns(scope));
  expect(response.statusCode, response.body).toBe(200);
  return DashboardColumnsSchema.parse(response.json()).columns;
}

function save(client: TestClient, scope: 'all' | number | string, columns: unknown) {
  return client.request({
    method: 'PUT',
    url: `/api/v1/user-preferences/dashboard-columns/${scope}/`,
    payload: { columns },
  });
}

describe('user-preferences/dashboard-columns/{scope}/', () => {
  it('keeps the columns per user and per workflow kind, replacing them on each save', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    expect(await read(member, t.kinds.vendor)).toBeNull();
    const saved = await save(member, t.kinds.vendor, ['name', 'status', 'field__x', 'status']);
    expect(saved.statusCode, saved.body).toBe(200);
    // A column named twice is kept once, in its first place.
    expect(await read(member, t.kinds.vendor)).toEqual(['name', 'status', 'field__x']);
    // Another kind, and the list of every kind, keep their own.
    expect(await read(member, 'all')).toBeNull();
    expect((await save(member, 'all', ['rank', 'name', 'kind'])).statusCode).toBe(200);
    expect((await save(member, t.kinds.vendor, ['created_at', 'name'])).statusCode).toBe(200);
    expect(await read(member, t.kinds.vendor)).toEqual(['created_at', 'name']);
    expect(await read(member, 'all')).toEqual(['rank', 'name', 'kind']);
  });

  it("never shows another user's or another tenant's columns", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    expect((await save(member, 'all', ['name', 'progress'])).statusCode).toBe(200);
    // Same tenant, another user: nothing kept for them.
    const admin = await t.signedIn('admin');
    expect(await read(admin, 'all')).toBeNull();
    // Another tenant's member, with the same scope: nothing either, and their save leaves ours alone.
    const outsider = await foreign.signedIn('member');
    expect(await read(outsider, 'all')).toBeNull();
    expect((await save(outsider, 'all', ['name'])).statusCode).toBe(200);
    expect(await read(member, 'all')).toEqual(['name', 'progress']);
    expect(await read(outsider, 'all')).toEqual(['name']);
  });

  it('keeps columns for a bounded number of workflow kinds, counting no other preference', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    // One short of the bound (names as the scopes they stand for), and saved filters that are not
    // column layouts.
    const layouts = Array.from({ length: DASHBOARD_COLUMN_SCOPES_MAX - 1 }, (_, i) => ({
      kind: 'dashboard_columns',
      name: String(100_000 + i),
    }));
    const filters = ['Overdue', 'Europe', 'Mine'].map((name) => ({ kind: 'saved_filters', name }));
    await adminDb
      .insertInto('user_preferences')
      .values(
        [...layouts, ...filters].map((row) => ({
          ...row,
          tenant_id: t.id,
          user_id: String(t.users.member),
          value: JSON.stringify({ columns: ['name'] }),
        })),
      )
      .execute();
    expect((await save(member, t.kinds.vendor, ['name'])).statusCode).toBe(200);
    const over = await save(member, t.kinds.sub, ['name']);
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(PREFERENCE_MESSAGES.tooManyColumnLayouts);
    // Replacing a kind's columns at the bound adds nothing, so it is still allowed.
    expect((await save(member, t.kinds.vendor, ['status', 'name'])).statusCode).toBe(200);
    expect(await read(member, t.kinds.vendor)).toEqual(['status', 'name']);
  });

  it('bounds the scope and the columns, and needs a signed-in user', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const member = await t.signedIn('member');
    expect((await save(member, 'every', ['name'])).statusCode).toBe(400);
    expect((await save(member, 0, ['name'])).statusCode).toBe(400);
    expect((await save(member, 'all', [])).statusCode).toBe(400);
    expect((await save(member, 'all', [''])).statusCode).toBe(400);
    expect((await save(member, 'all', 'name')).statusCode).toBe(400);
    const many = Array.from({ length: DASHBOARD_COLUMNS_MAX + 1 }, (_, i) => `c${i}`);
    expect((await save(member, 'all', many)).statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: PREFERENCE_PATHS.dashboardColumns('all') });
    expect([401, 404]).toContain(anonymous.statusCode);
  });
});
