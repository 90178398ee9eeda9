import {
  PREFERENCE_MESSAGES,
  PREFERENCE_PATHS,
  PREFERENCES_PER_KIND_MAX,
  PreferenceSchema,
  PreferencesPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const savedFilter = (name: string, query = 'status__in=1&page=1') => ({
  kind: 'saved_filters',
  name,
  value: { query },
});

async function save(client: TestClient, body: object) {
  return client.post(PREFERENCE_PATHS.preferences, body);
}

async function list(client: TestClient, kind = 'saved_filters') {
  const response = await client.get(`${PREFERENCE_PATHS.preferences}?kind=${kind}`);
  expect(response.statusCode).toBe(200);
  return PreferencesPageSchema.parse(response.json());
}

describe('user-preferences/', () => {
  it('saves, lists newest first and deletes a saved filter', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const first = await save(client, savedFilter('Open in Europe'));
    expect(first.statusCode).toBe(201);
    const created = PreferenceSchema.parse(first.json());
    expect(created).toMatchObject({
      kind: 'saved_filters',
      name: 'Open in Europe',
      value: { query: 'status__in=1&page=1' },
    });
    await save(client, savedFilter('Mine', 'filter_by_group=me'));
    const page = await list(client);
    expect(page.results.map((p) => p.name)).toEqual(['Mine', 'Open in Europe']);
    expect(page.count).toBe(2);
    expect((await list(client, 'pinned_workflows')).count).toBe(0);

    const deleted = await client.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(created.id) });
    expect(deleted.statusCode).toBe(204);
    expect((await list(client)).results.map((p) => p.name)).toEqual(['Mine']);
  });

  it("never shows or deletes another user's preference (404)", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const owner = await t.signedIn('member');
    const mine = PreferenceSchema.parse((await save(owner, savedFilter('Private'))).json());
    const other = await t.signedIn('admin');
    expect((await list(other)).count).toBe(0);
    const refused = await other.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(mine.id) });
    expect(refused.statusCode).toBe(404);
    expect((await list(owner)).count).toBe(1);
  });

  it("never reaches another tenant's preference", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const foreign = await workflowTestTenant(app, adminDb);
    const outsider = await foreign.signedIn('member');
    const theirs = PreferenceSchema.parse((await save(outsider, savedFilter('Theirs'))).json());
    const client = await t.signedIn('member');
    expect((await list(client)).count).toBe(0);
    const refused = await client.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(theirs.id) });
    expect(refused.statusCode).toBe(404);
    expect((await list(outsider)).count).toBe(1);
  });

  it('bounds names, values, duplicates and the number kept', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    expect((await save(client, savedFilter('x'.repeat(101)))).statusCode).toBe(400);
    expect((await save(client, savedFilter('   '))).statusCode).toBe(400);
    expect((await save(client, { kind: 'saved_filters', name: 'Bad', value: { other: 1 } })).statusCode).toBe(
      400,
    );
    expect((await save(client, { kind: 'nonsense', name: 'Bad', value: {} })).statusCode).toBe(400);
    expect((await save(client, { ...savedFilter('Extra'), user_id: 1 })).statusCode).toBe(400);
    expect(
      (await save(client, { kind: 'pinned_workflows', name: 'Pin', value: { workflow_id: 0 } })).statusCode,
    ).toBe(400);

    expect((await save(client, savedFilter('Same'))).statusCode).toBe(201);
    const duplicate = await save(client, savedFilter('same'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe(PREFERENCE_MESSAGES.duplicateName);

    for (let i = 1; i < PREFERENCES_PER_KIND_MAX; i += 1) {
      expect((await save(client, savedFilter(`Filter ${i}`))).statusCode).toBe(201);
    }
    const over = await save(client, savedFilter('One too many'));
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(PREFERENCE_MESSAGES.limitReached);
    // The bound is per kind.
    expect(
      (await save(client, { kind: 'favorite_reports', name: 'Fav', value: { report_id: 3 } })).statusCode,
    ).toBe(201);
  });

  it('refuses anyone signed out and writes without the CSRF token', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    expect(
      (await client.post(PREFERENCE_PATHS.preferences, savedFilter('No token'), { csrf: false })).statusCode,
    ).toBe(403);
    await client.get('/api/v1/users/logout/');
    const anonymous = await client.get(`${PREFERENCE_PATHS.preferences}?kind=saved_filters`);
    expect(anonymous.statusCode).toBe(401);
  });
});
