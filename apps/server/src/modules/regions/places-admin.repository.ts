import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// Settings > Access (issue 19): the tenant's regions and business units as administrators manage them,
// archived ones included. Row-level security keeps every query to the transaction's tenant, so another
// tenant's id reads as missing.
export type PlaceStatus = 'active' | 'archived';
type PageFilter = { status: PlaceStatus; q?: string; limit: number; offset: number };

const archivedOp = (status: PlaceStatus) => (status === 'active' ? 'is' : 'is not');
// A case-insensitive substring without LIKE's wildcards: a search for '50%' matches '50%' only.
const nameContains = (q: string) => sql<boolean>`strpos(lower(name), lower(${q})) > 0`;

export const placesAdminRepository = {
  async regionsPage(tx: Tx, filter: PageFilter) {
    let query = tx.selectFrom('regions').where('archived_at', archivedOp(filter.status), null);
    if (filter.q) query = query.where(nameContains(filter.q));
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'name', 'archived_at'])
        .select((eb) => [
          eb
            .selectFrom('business_units as b')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('b.region_id', '=', 'regions.id')
            .where('b.archived_at', 'is', null)
            .as('business_unit_count'),
          sql<string>`(${regionViewerCount(sql.ref('regions.id'))})`.as('viewer_count'),
        ])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  async unitsPage(tx: Tx, regionId: string, filter: PageFilter) {
    let query = tx
      .selectFrom('business_units')
      .where('region_id', '=', regionId)
      .where('archived_at', archivedOp(filter.status), null);
    if (filter.q) query = query.where(nameContains(filter.q));
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'name', 'region_id', 'archived_at'])
        .select(sql<string>`(${unitViewerCount(sql.ref('business_units.id'))})`.as('viewer_count'))
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  // For update: a rename, archive or restore of the same place waits for the one in flight.
  findRegion: (tx: Tx, id: string) =>
    tx
      .selectFrom('regions')
      .select(['id', 'name', 'archived_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),

  findUnit: (tx: Tx, id: string) =>
    tx
      .selectFrom('business_units')
      .select(['id', 'name', 'region_id', 'archived_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),

  // Names are unique regardless of case and archiving (an archived name comes back on restore).
  regionNamed: (tx: Tx, name: string) =>
    tx.selectFrom('regions').select('id').where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirst(),

  unitNamed: (tx: Tx, regionId: string, name: string) =>
    tx
      .selectFrom('business_units')
      .select('id')
      .where('region_id', '=', regionId)
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst(),

  insertRegion: (tx: Tx, tenantId: string, name: string) =>
    tx
      .insertInto('regions')
      .values({ tenant_id: tenantId, name })
      .returning(['id', 'name', 'archived_at'])
      .executeTakeFirstOrThrow(),

  insertUnit: (tx: Tx, tenantId: string, regionId: string, name: string) =>
    tx
      .insertInto('business_units')
      .values({ tenant_id: tenantId, region_id: regionId, name })
      .returning(['id', 'name', 'region_id', 'archived_at'])
      .executeTakeFirstOrThrow(),

  async setRegion(tx: Tx, id: string, changes: { name?: string; archived?: { by: string } | null }) {
    await tx
      .updateTable('regions')
      .set({ ...(changes.name !== undefined && { name: changes.name }), ...archiveColumns(changes.archived) })
      .where('id', '=', id)
      .execute();
  },

  async setUnit(tx: Tx, id: string, changes: { name?: string; archived?: { by: string } | null }) {
    await tx
      .updateTable('business_units')
      .set({ ...(changes.name !== undefined && { name: changes.name }), ...archiveColumns(changes.archived) })
      .where('id', '=', id)
      .execute();
  },

  // What keeps a region from being archived (PlaceUsageSchema): live workflows and records in it,
  // grants on it, its active units. Grants on its units are the units' own (they must be archived
  // first, which counts them).
  async regionUsage(tx: Tx, id: string) {
    const row = await tx
      .selectNoFrom([
        countIn('workflows', 'region_id', id).as('workflows'),
        countIn('records', 'region_id', id).as('records'),
        countIn('user_region_access', 'region_id', id).as('grants'),
        countIn('business_units', 'region_id', id).as('business_units'),
      ])
      .executeTakeFirstOrThrow();
    return usageOf(row);
  },

  async unitUsage(tx: Tx, id: string) {
    const row = await tx
      .selectNoFrom([
        countIn('workflows', 'business_unit_id', id).as('workflows'),
        countIn('records', 'business_unit_id', id).as('records'),
        countIn('user_business_unit_access', 'business_unit_id', id).as('grants'),
      ])
      .executeTakeFirstOrThrow();
    return usageOf({ ...row, business_units: '0' });
  },

  // "Who sees which": the users whose grants reach the place, with the grant that does.
  async viewersPage(
    tx: Tx,
    place: { region: string } | { unit: string; region: string },
    page: { limit: number; offset: number },
  ) {
    const grants =
      'unit' in place
        ? sql`select ba.user_id, ba.access, 'business_unit' as via, b.name as via_name
                from user_business_unit_access ba join business_units b on b.id = ba.business_unit_id
               where ba.business_unit_id = ${place.unit}
              union all
              select ra.user_id, ra.access, 'region' as via, r.name as via_name
                from user_region_access ra join regions r on r.id = ra.region_id
               where ra.region_id = ${place.region}`
        : sql`select ra.user_id, ra.access, 'region' as via, r.name as via_name
                from user_region_access ra join regions r on r.id = ra.region_id
               where ra.region_id = ${place.region}
              union all
              select ba.user_id, ba.access, 'business_unit' as via, b.name as via_name
                from user_business_unit_access ba join business_units b on b.id = ba.business_unit_id
               where b.region_id = ${place.region}`;
    const result = await sql<{
      user_id: string;
      email: string;
      first_name: string;
      last_name: string;
      access: 'read' | 'full';
      via: 'region' | 'business_unit';
      via_name: string;
      total: string;
    }>`
      select g.user_id, u.email, u.first_name, u.last_name, g.access, g.via, g.via_name,
             count(*) over () as total
        from (${grants}) g join users u on u.id = g.user_id
       order by lower(u.email), u.id, g.via desc, lower(g.via_name)
       limit ${page.limit} offset ${page.offset}`.execute(tx);
    const total = result.rows[0]?.total ?? (page.offset > 0 ? await countViewers(tx, grants) : '0');
    return { rows: result.rows, count: Number(total) };
  },
};

async function countViewers(tx: Tx, grants: ReturnType<typeof sql>) {
  const result = await sql<{ total: string }>`select count(*) as total from (${grants}) g`.execute(tx);
  return result.rows[0]?.total ?? '0';
}

function archiveColumns(archived: { by: string } | null | undefined) {
  if (archived === undefined) return {};
  return archived === null
    ? { archived_at: null, archived_by: null }
    : { archived_at: sql<Date>`now()`, archived_by: archived.by };
}

// The rows of a table that lie in a place; of workflows, records and units only the unarchived.
function countIn(
  table: 'workflows' | 'records' | 'business_units' | 'user_region_access' | 'user_business_unit_access',
  column: 'region_id' | 'business_unit_id',
  id: string,
) {
  const live =
    table === 'user_region_access' || table === 'user_business_unit_access'
      ? sql``
      : sql`and archived_at is null`;
  return sql<string>`(select count(*) from ${sql.table(table)} where ${sql.ref(column)} = ${id} ${live})`;
}

function usageOf(row: {
  workflows: string | null;
  records: string | null;
  grants: string | null;
  business_units: string | null;
}) {
  return {
    workflows: Number(row.workflows ?? 0),
    records: Number(row.records ?? 0),
    grants: Number(row.grants ?? 0),
    business_units: Number(row.business_units ?? 0),
  };
}

// The distinct users whose grants reach a region: on it, or on one of its units.
function regionViewerCount(regionId: ReturnType<typeof sql.ref>) {
  return sql`select count(distinct x.user_id) from (
      select ra.user_id from user_region_access ra where ra.region_id = ${regionId}
      union all
      select ba.user_id from user_business_unit_access ba
        join business_units b on b.id = ba.business_unit_id where b.region_id = ${regionId}) x`;
}

// ...and a unit: on it, or on its region.
function unitViewerCount(unitId: ReturnType<typeof sql.ref>) {
  return sql`select count(distinct x.user_id) from (
      select ba.user_id from user_business_unit_access ba where ba.business_unit_id = ${unitId}
      union all
      select ra.user_id from user_region_access ra
        join business_units b on b.region_id = ra.region_id where b.id = ${unitId}) x`;
}
