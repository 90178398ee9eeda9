import { RECORD_PATHS, RecordListQuerySchema, RecordsPageSchema } from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type RecordsTestTenant, recordsTestTenant } from '../../test/record-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { loadObjectType } from './object-types.js';
import { recordListRepository } from './record-list.repository.js';
import { recordListOrder, recordListWhere } from './record-list-where.js';

// The records list's count above the exact limit (10,000) is the planner's estimate, said so by
// count_is_estimate and within 10 % of the truth (issue 17's count rule; the records list at 1M read
// 25 % low). Two tenants hold records, so the tenant policy's share of each estimate is in play.
const { app, db, adminDb } = await createTestApp();

// `n` sites written as the records module writes them (a record, its country value), half in Europe
// and half in Asia, every other one in Germany.
async function seedSites(t: RecordsTestTenant, n: number) {
  const { objectTypeId, versionId } = t.types.site;
  await sql`
    insert into records (tenant_id, object_type_id, version_id, title, data, region_id, created_by, updated_by)
    select ${t.id}, ${objectTypeId}, ${versionId}, 'Site ' || i,
      jsonb_build_object('name', 'Site ' || i, 'country', case when i % 2 = 0 then 'DE' else 'FR' end),
      case when i % 4 < 2 then ${t.ids.region('Europe')}::bigint else ${t.ids.region('Asia')}::bigint end,
      ${t.users.admin}, ${t.users.admin}
    from generate_series(1, ${n}) as i
  `.execute(adminDb);
  await sql`
    insert into record_values (tenant_id, object_type_id, record_id, field_tag, text_value)
    select r.tenant_id, r.object_type_id, r.id, 'country', r.data ->> 'country'
    from records r where r.tenant_id = ${t.id} and r.object_type_id = ${objectTypeId}
  `.execute(adminDb);
}

async function listed(client: TestClient, query = '') {
  const response = await client.get(`${RECORD_PATHS.records('site')}${query}`);
  expect(response.statusCode).toBe(200);
  return RecordsPageSchema.parse(response.json());
}

const within10 = (count: number, truth: number) => Math.abs(count - truth) / truth;

async function analyzed(db: Db) {
  await sql`analyze records`.execute(db);
  await sql`analyze record_values`.execute(db);
}

describe('records list count estimate', () => {
  it('says a count above the exact limit is an estimate and keeps it within 10 % of the truth', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const other = await recordsTestTenant(app, adminDb);
    await seedSites(t, 50_000);
    await seedSites(other, 30_000);
    await analyzed(adminDb);
    const admin = await t.signedIn('admin');
    const member = await t.signedIn('member');

    const all = await listed(admin);
    expect(all.count_is_estimate).toBe(true);
    expect(within10(all.count, 50_000)).toBeLessThan(0.1);
    expect(all.results).toHaveLength(20);

    // The member sees Europe only: 25,000.
    const europe = await listed(member);
    expect(europe.count_is_estimate).toBe(true);
    expect(within10(europe.count, 25_000)).toBeLessThan(0.1);

    // A field filter: Germany, every other site (25,000).
    const germany = JSON.stringify({
      compareType: 'AND',
      conditions: [{ field: 'record_field__country', operator: 'eq', value: 'DE' }],
      groups: [],
    });
    const de = await listed(admin, `?advanced_filters=${encodeURIComponent(germany)}`);
    expect(de.count_is_estimate).toBe(true);
    expect(within10(de.count, 25_000)).toBeLessThan(0.1);
    expect(de.results.every((r) => r.values.country === 'DE')).toBe(true);

    // Few matches are counted exactly, and say so.
    const one = await listed(admin, '?q=Site%2012345');
    expect(one).toMatchObject({ count: 1, count_is_estimate: false });
    expect(one.results.map((r) => r.title)).toEqual(['Site 12345']);
  }, 120_000);
});

describe('records list title search forms', () => {
  // A common phrase's page walks the list's order testing lower(title) like (record-list.service.ts);
  // a rare one's reads search_record_titles. Both must list the same records, wildcards taken literally.
  it('lists the same records walking the order as through search_record_titles', async () => {
    const t = await recordsTestTenant(app, adminDb);
    const titles = ['North 100%', 'North_1', 'Nor\\th', 'NORTHWIND', 'South', 'north 10', 'Nor%th'];
    await sql`
      insert into records (tenant_id, object_type_id, version_id, title, data, region_id)
      select ${t.id}, ${t.types.site.objectTypeId}, ${t.types.site.versionId}, x.title,
        jsonb_build_object('name', x.title), ${t.ids.region('Europe')}::bigint
      from unnest(${titles}::text[]) as x(title)
    `.execute(adminDb);
    for (const q of ['north', '%', '_', '\\', 'north 10', 'r%t', 'Nowhere']) {
      for (const ordering of ['-created_at', 'title', '-id']) {
        const query = RecordListQuerySchema.parse({ q, ordering, limit: 50 });
        const page = (title: 'ids' | 'like') =>
          withTenant(db, t.id, async (tx) => {
            const type = await loadObjectType(tx, t.id, 'site');
            const where = recordListWhere(type, String(t.users.admin), query, new Date(), { title });
            const order = recordListOrder(type, query.ordering);
            const rows = await recordListRepository.page(tx, where, order, { limit: 50, offset: 0 });
            return rows.map((r) => r.title);
          });
        const walked = await page('like');
        expect(walked, `${q} ${ordering}`).toEqual(await page('ids'));
        if (q === 'north') expect(walked).toHaveLength(4);
        if (q === '%') expect([...walked].sort()).toEqual(['Nor%th', 'North 100%']);
      }
    }
  });
});
