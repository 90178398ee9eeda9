import { PREFERENCE_PATHS, PreferenceSchema, PreferencesPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// Issue 18 (plan §7): a records list's saved views, kept per object type by tag.
const GOLD = {
  compareType: 'AND',
  conditions: [{ field: 'record_field__tier', type: 'choice', operator: 'eq', value: 'gold' }],
  groups: [],
};
const viewQuery = (params: Record<string, string>) => new URLSearchParams(params).toString();
const recordView = (name: string, query: string, objectType = 'supplier') => ({
  kind: 'saved_record_views',
  name,
  value: { object_type: objectType, query },
});

async function list(client: TestClient, kind: string) {
  const response = await client.get(`${PREFERENCE_PATHS.preferences}?kind=${kind}`);
  expect(response.statusCode).toBe(200);
  return PreferencesPageSchema.parse(response.json());
}

describe('user-preferences/ saved_record_views', () => {
  it('saves a view of a records list with its filters, lists it apart from the saved filters and deletes it', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const query = viewQuery({
      q: 'acme',
      region: '1,2',
      archived: '1',
      ordering: '-field__vat_number',
      advanced_filters: JSON.stringify(GOLD),
    });
    const saved = await client.post(PREFERENCE_PATHS.preferences, recordView('Gold suppliers', query));
    expect(saved.statusCode, saved.body).toBe(201);
    const created = PreferenceSchema.parse(saved.json());
    expect(created).toMatchObject({
      kind: 'saved_record_views',
      name: 'Gold suppliers',
      value: { object_type: 'supplier', query },
    });
    // Another type's view of the same name is the same kind: names are one user's, per kind.
    const other = await client.post(
      PREFERENCE_PATHS.preferences,
      recordView('Gold suppliers', '', 'customer'),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ name: ['You already have one with this name.'] });

    expect((await list(client, 'saved_record_views')).results.map((p) => p.name)).toEqual(['Gold suppliers']);
    expect((await list(client, 'saved_filters')).count).toBe(0);
    // Another user of the tenant does not see it.
    expect((await list(await t.signedIn('admin'), 'saved_record_views')).count).toBe(0);

    const deleted = await client.request({ method: 'DELETE', url: PREFERENCE_PATHS.preference(created.id) });
    expect(deleted.statusCode).toBe(204);
    expect((await list(client, 'saved_record_views')).count).toBe(0);
  });

  it('refuses a view that names no type or would not open as a records list', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('member');
    const refusedValue = async (body: object) => {
      const response = await client.post(PREFERENCE_PATHS.preferences, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return response.json().errors.value as string[];
    };
    await refusedValue({ kind: 'saved_record_views', name: 'No type', value: { query: '' } });
    await refusedValue(recordView('Bad tag', '', 'Not A Tag'));
    expect(await refusedValue(recordView('Bad order', viewQuery({ ordering: 'price' })))).toEqual([
      'ordering: Order by title, created_at, updated_at, id or field__<tag>.',
    ]);
    expect(await refusedValue(recordView('Not JSON', viewQuery({ advanced_filters: '{' })))).toEqual([
      'advanced_filters: advanced_filters is not valid JSON.',
    ]);
    expect(
      await refusedValue(recordView('Not a group', viewQuery({ advanced_filters: '{"field":"x"}' }))),
    ).toEqual(['advanced_filters: advanced_filters is not a condition group.']);
    expect(await refusedValue(recordView('Bad region', viewQuery({ region: 'europe' })))).toEqual([
      'region__in: Give regions as ids separated by commas.',
    ]);
    expect((await list(client, 'saved_record_views')).count).toBe(0);
  });
});
