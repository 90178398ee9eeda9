import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { visibleRecordFilter } from './record-visibility.js';
import { visibleWorkflowsFilter } from './workflow-access.repository.js';

// The records a workflow or an answer refers to: regions, business units, users and other workflows.
// Row-level security keeps every query to the transaction's tenant. A region or business unit that is
// archived (issue 19) is no new choice: creation, answers and options see only active ones.
export const referencesRepository = {
  findRegion: (tx: Tx, id: string) =>
    tx
      .selectFrom('regions')
      .select('id')
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),

  findBusinessUnit: (tx: Tx, id: string) =>
    tx
      .selectFrom('business_units')
      .select('region_id')
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),

  // Which of these ids exist (as rows of { id }).
  regionIds: (tx: Tx, ids: string[]) =>
    tx.selectFrom('regions').select('id').where('id', 'in', ids).execute(),

  businessUnitIds: (tx: Tx, ids: string[]) =>
    tx.selectFrom('business_units').select('id').where('id', 'in', ids).execute(),

  activeUserIds: (tx: Tx, ids: string[]) =>
    tx.selectFrom('users').select('id').where('id', 'in', ids).where('is_active', '=', true).execute(),

  visibleWorkflowIds: (tx: Tx, userId: string, ids: string[]) =>
    tx
      .selectFrom('workflows as w')
      .select('w.id')
      .where('w.id', 'in', ids)
      .where(visibleWorkflowsFilter(userId))
      .execute(),

  // Plan §1.4: which of these ids are live records of the object type `objectTypeTag` that the user
  // sees (record-visibility.ts; null for a workflow created by no one, a seed's, which sees all). Workflows never imports the records module: this is its
  // one read of the records table.
  visibleRecordIds: (tx: Tx, userId: string | null, ids: string[], objectTypeTag: string) =>
    tx
      .selectFrom('records as r')
      .innerJoin('object_types as t', (join) =>
        join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.object_type_id'),
      )
      .select('r.id')
      .where('r.id', 'in', ids)
      .where('t.tag', '=', objectTypeTag)
      .where('t.current_version_id', 'is not', null)
      .where('t.archived_at', 'is', null)
      .where('r.archived_at', 'is', null)
      .where((eb) => (userId === null ? sql<boolean>`true` : visibleRecordFilter(userId)(eb)))
      .execute(),

  // The regions and business units a user's grants reach: the granted regions with all their units,
  // and the granted units with their regions; by name. Where workflows may be created is decided
  // from these by the access rule (creatable-kinds.service.ts).
  async placesOfGrants(tx: Tx, regionIds: string[], unitIds: string[]) {
    if (regionIds.length === 0 && unitIds.length === 0) return { regions: [], units: [] };
    const none = ['0'];
    const regionsIn = regionIds.length > 0 ? regionIds : none;
    const unitsIn = unitIds.length > 0 ? unitIds : none;
    const [regions, units] = await Promise.all([
      tx
        .selectFrom('regions')
        .select(['id', 'name'])
        .where('archived_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('id', 'in', regionsIn),
            eb('id', 'in', eb.selectFrom('business_units').select('region_id').where('id', 'in', unitsIn)),
          ]),
        )
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),
      tx
        .selectFrom('business_units')
        .select(['id', 'name', 'region_id'])
        .where('archived_at', 'is', null)
        .where((eb) => eb.or([eb('region_id', 'in', regionsIn), eb('id', 'in', unitsIn)]))
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),
    ]);
    return { regions, units };
  },

  // The options of a field of such a type, by name, at most `limit`.
  regionOptions: (tx: Tx, limit: number) =>
    tx
      .selectFrom('regions')
      .select(['id', 'name'])
      .where('archived_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .limit(limit)
      .execute(),

  businessUnitOptions: (tx: Tx, regionId: string, limit: number) =>
    tx
      .selectFrom('business_units')
      .select(['id', 'name'])
      .where('region_id', '=', regionId)
      .where('archived_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .limit(limit)
      .execute(),

  userOptions: (tx: Tx, limit: number) =>
    tx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('is_active', '=', true)
      .orderBy(sql`lower(first_name || ' ' || last_name)`)
      .orderBy('id')
      .limit(limit)
      .execute(),
};
