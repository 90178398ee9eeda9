import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { placeGrantFilter } from '../workflows/index.js';

// One record with the people and places its detail names, when `visible` (the place rule of its
// type, record-access.ts) lets the user see it.
function detailQuery(tx: Tx, objectTypeId: string, recordId: string, visible: Expression<SqlBool>) {
  return tx
    .selectFrom('records as r')
    .innerJoin('object_type_versions as v', (join) =>
      join.onRef('v.tenant_id', '=', 'r.tenant_id').onRef('v.id', '=', 'r.version_id'),
    )
    .leftJoin('regions as rg', (join) =>
      join.onRef('rg.tenant_id', '=', 'r.tenant_id').onRef('rg.id', '=', 'r.region_id'),
    )
    .leftJoin('business_units as bu', (join) =>
      join.onRef('bu.tenant_id', '=', 'r.tenant_id').onRef('bu.id', '=', 'r.business_unit_id'),
    )
    .leftJoin('users as cu', (join) =>
      join.onRef('cu.tenant_id', '=', 'r.tenant_id').onRef('cu.id', '=', 'r.created_by'),
    )
    .leftJoin('users as uu', (join) =>
      join.onRef('uu.tenant_id', '=', 'r.tenant_id').onRef('uu.id', '=', 'r.updated_by'),
    )
    .leftJoin('users as au', (join) =>
      join.onRef('au.tenant_id', '=', 'r.tenant_id').onRef('au.id', '=', 'r.archived_by'),
    )
    .select([
      'r.id',
      'r.title',
      'r.data',
      'r.revision',
      'v.version',
      'r.region_id',
      'rg.name as region_name',
      'r.business_unit_id',
      'bu.name as business_unit_name',
      'r.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
      'cu.email as created_by_email',
      'r.created_at',
      'r.updated_by',
      'uu.first_name as updated_by_first_name',
      'uu.last_name as updated_by_last_name',
      'uu.email as updated_by_email',
      'r.updated_at',
      'r.archived_at',
      'r.archived_by',
      'au.first_name as archived_by_first_name',
      'au.last_name as archived_by_last_name',
      'au.email as archived_by_email',
    ])
    .where('r.object_type_id', '=', objectTypeId)
    .where('r.id', '=', recordId)
    .where(visible);
}

export type RecordDetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

export type NewRecordRow = {
  tenantId: string;
  objectTypeId: string;
  versionId: string;
  title: string;
  data: Record<string, unknown>;
  regionId: string | null;
  businessUnitId: string | null;
  userId: string;
};

export type RecordChange = {
  versionId?: string;
  title?: string;
  data?: Record<string, unknown>;
  regionId?: string | null;
  businessUnitId?: string | null;
  archived?: boolean;
};

export const recordsRepository = {
  detail: (tx: Tx, objectTypeId: string, recordId: string, visible: Expression<SqlBool>) =>
    detailQuery(tx, objectTypeId, recordId, visible).executeTakeFirst(),

  // The record an edit starts from, locked until the transaction ends so two edits run one after
  // the other; undefined when it does not exist or the user may not see it.
  lockForChange: (tx: Tx, objectTypeId: string, recordId: string, visible: Expression<SqlBool>) =>
    tx
      .selectFrom('records as r')
      .select([
        'r.id',
        'r.title',
        'r.data',
        'r.region_id',
        'r.business_unit_id',
        'r.revision',
        'r.archived_at',
      ])
      .where('r.object_type_id', '=', objectTypeId)
      .where('r.id', '=', recordId)
      .where(visible)
      .forUpdate()
      .executeTakeFirst(),

  insert: (tx: Tx, row: NewRecordRow) =>
    tx
      .insertInto('records')
      .values({
        tenant_id: row.tenantId,
        object_type_id: row.objectTypeId,
        version_id: row.versionId,
        title: row.title,
        data: JSON.stringify(row.data),
        region_id: row.regionId,
        business_unit_id: row.businessUnitId,
        created_by: row.userId,
        updated_by: row.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),

  // Every change bumps the revision and stamps who made it.
  update: (tx: Tx, recordId: string, userId: string, change: RecordChange) =>
    tx
      .updateTable('records')
      .set({
        ...(change.versionId !== undefined && { version_id: change.versionId }),
        ...(change.title !== undefined && { title: change.title }),
        ...(change.data !== undefined && { data: JSON.stringify(change.data) }),
        ...(change.regionId !== undefined && { region_id: change.regionId }),
        ...(change.businessUnitId !== undefined && { business_unit_id: change.businessUnitId }),
        ...(change.archived === true && { archived_at: sql<Date>`now()`, archived_by: userId }),
        ...(change.archived === false && { archived_at: null, archived_by: null }),
        revision: sql<number>`revision + 1`,
        updated_by: userId,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', recordId)
      .execute(),

  delete: (tx: Tx, recordId: string) => tx.deleteFrom('records').where('id', '=', recordId).execute(),

  // The workflows whose data_object answers name the record (workflow_record_links): how many, and
  // the names of the first three the user can see; a person is never told what they cannot see.
  async usedBy(tx: Tx, recordId: string, userId: string): Promise<{ count: number; names: string[] }> {
    const total = await tx
      .selectFrom('workflow_record_links')
      .select((eb) => eb.fn.count<string>('workflow_id').distinct().as('n'))
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow();
    const named = await tx
      .selectFrom('workflow_record_links as l')
      .innerJoin('workflows as w', (join) =>
        join.onRef('w.tenant_id', '=', 'l.tenant_id').onRef('w.id', '=', 'l.workflow_id'),
      )
      .select('w.name')
      .distinct()
      .where('l.record_id', '=', recordId)
      .where((eb) => placeGrantFilter(userId, eb.ref('w.region_id'), eb.ref('w.business_unit_id')))
      .orderBy('w.name')
      .limit(3)
      .execute();
    return { count: Number(total.n), names: named.map((row) => row.name) };
  },

  // A record's place: an archived region or unit (issue 19) takes no record, as it takes no workflow.
  region: (tx: Tx, regionId: string) =>
    tx
      .selectFrom('regions')
      .select(['id', 'name'])
      .where('id', '=', regionId)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),

  businessUnit: (tx: Tx, unitId: string) =>
    tx
      .selectFrom('business_units')
      .select(['id', 'name', 'region_id'])
      .where('id', '=', unitId)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),
};
