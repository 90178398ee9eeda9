import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

const BRANCH_SUMMARY_COLUMNS = [
  'id',
  'name',
  'is_main',
  'based_on_savepoint_id',
  'revision',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
] as const;
const SAVEPOINT_SUMMARY_COLUMNS = [
  'id',
  'branch_id',
  'parent_savepoint_id',
  'message',
  'created_by',
  'created_at',
] as const;

export const studioBranchesRepository = {
  listOfApp(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_branches')
      .select(BRANCH_SUMMARY_COLUMNS)
      .where('app_id', '=', appId)
      .orderBy('is_main', 'desc')
      .orderBy('id')
      .execute();
  },

  find(tx: Tx, appId: string, branchId: string) {
    return tx
      .selectFrom('studio_branches')
      .select([...BRANCH_SUMMARY_COLUMNS, 'package'])
      .where('app_id', '=', appId)
      .where('id', '=', branchId)
      .executeTakeFirst();
  },

  findMain(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_branches')
      .select([...BRANCH_SUMMARY_COLUMNS, 'package'])
      .where('app_id', '=', appId)
      .where('is_main', '=', true)
      .executeTakeFirst();
  },

  async nameTaken(tx: Tx, appId: string, name: string): Promise<boolean> {
    const row = await tx
      .selectFrom('studio_branches')
      .select('id')
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      appId: string;
      name: string;
      isMain: boolean;
      basedOn: string | null;
      packageJson: string;
      userId: string | null;
    },
  ) {
    return tx
      .insertInto('studio_branches')
      .values({
        tenant_id: row.tenantId,
        app_id: row.appId,
        name: row.name,
        is_main: row.isMain,
        based_on_savepoint_id: row.basedOn,
        package: row.packageJson,
        created_by: row.userId,
        updated_by: row.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  // Optimistic concurrency: writes only if nobody saved since `revision`; the new revision, or
  // undefined when the save was based on a stale one.
  async saveWorkingCopy(
    tx: Tx,
    branchId: string,
    change: { revision: number; packageJson: string; userId: string },
  ): Promise<number | undefined> {
    const row = await tx
      .updateTable('studio_branches')
      .set({
        package: change.packageJson,
        revision: sql<number>`revision + 1`,
        updated_by: change.userId,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', branchId)
      .where('revision', '=', change.revision)
      .returning('revision')
      .executeTakeFirst();
    return row?.revision;
  },
};

export const studioSavepointsRepository = {
  // The newest first, at most `limit`.
  listOfApp(tx: Tx, appId: string, limit: number) {
    return tx
      .selectFrom('studio_savepoints')
      .select(SAVEPOINT_SUMMARY_COLUMNS)
      .where('app_id', '=', appId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  find(tx: Tx, appId: string, savepointId: string) {
    return tx
      .selectFrom('studio_savepoints')
      .select([...SAVEPOINT_SUMMARY_COLUMNS, 'package'])
      .where('app_id', '=', appId)
      .where('id', '=', savepointId)
      .executeTakeFirst();
  },

  async latestOfBranch(tx: Tx, branchId: string): Promise<string | undefined> {
    const row = await tx
      .selectFrom('studio_savepoints')
      .select('id')
      .where('branch_id', '=', branchId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      appId: string;
      branchId: string;
      parentId: string | null;
      message: string;
      packageJson: string;
      userId: string | null;
    },
  ) {
    return tx
      .insertInto('studio_savepoints')
      .values({
        tenant_id: row.tenantId,
        app_id: row.appId,
        branch_id: row.branchId,
        parent_savepoint_id: row.parentId,
        message: row.message,
        package: row.packageJson,
        created_by: row.userId,
      })
      .returning(SAVEPOINT_SUMMARY_COLUMNS)
      .executeTakeFirstOrThrow();
  },
};
