import type { StudioAction } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';
import { likePattern } from '../workflow-list/index.js';

const APP_COLUMNS = [
  'id',
  'name',
  'description',
  'icon',
  'created_by',
  'created_at',
  'updated_at',
  'archived_at',
] as const;
const ACTIVITY_COLUMNS = [
  'id',
  'app_id',
  'branch_id',
  'actor_user_id',
  'action',
  'details',
  'created_at',
] as const;

// Every query runs inside withTenant, so row-level security keeps it to the tenant.
export const studioAppsRepository = {
  async page(
    tx: Tx,
    filter: { q?: string; archived: 'exclude' | 'include' | 'only'; limit: number; offset: number },
  ) {
    let query = tx.selectFrom('studio_apps');
    if (filter.q) query = query.where(sql<string>`lower(name)`, 'like', likePattern(filter.q.toLowerCase()));
    if (filter.archived === 'exclude') query = query.where('archived_at', 'is', null);
    if (filter.archived === 'only') query = query.where('archived_at', 'is not', null);
    const [rows, total] = await Promise.all([
      query
        .select(APP_COLUMNS)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  find(tx: Tx, id: string) {
    return tx.selectFrom('studio_apps').select(APP_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  // Locks the app, so that version numbers are handed out one at a time.
  async lock(tx: Tx, id: string): Promise<boolean> {
    const row = await tx
      .selectFrom('studio_apps')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      name: string;
      description: string;
      icon: string | null;
      createdBy: string | null;
    },
  ) {
    return tx
      .insertInto('studio_apps')
      .values({
        tenant_id: row.tenantId,
        name: row.name,
        description: row.description,
        icon: row.icon,
        created_by: row.createdBy,
      })
      .returning(APP_COLUMNS)
      .executeTakeFirstOrThrow();
  },
};

export const studioActivityRepository = {
  record(
    tx: Tx,
    row: {
      tenantId: string;
      appId: string;
      branchId?: string | null;
      actorId: string | null;
      action: StudioAction;
      details?: Record<string, unknown>;
    },
  ) {
    return tx
      .insertInto('studio_activity')
      .values({
        tenant_id: row.tenantId,
        app_id: row.appId,
        branch_id: row.branchId ?? null,
        actor_user_id: row.actorId,
        action: row.action,
        details: JSON.stringify(row.details ?? {}),
      })
      .execute();
  },

  async page(
    tx: Tx,
    filter: {
      appId?: string;
      branchId?: string;
      actorId?: string;
      action?: StudioAction;
      from?: Date;
      to?: Date;
      limit: number;
      offset: number;
    },
  ) {
    let query = tx.selectFrom('studio_activity');
    if (filter.appId) query = query.where('app_id', '=', filter.appId);
    if (filter.branchId) query = query.where('branch_id', '=', filter.branchId);
    if (filter.actorId) query = query.where('actor_user_id', '=', filter.actorId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    const [rows, total] = await Promise.all([
      query
        .select(ACTIVITY_COLUMNS)
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
