import { STUDIO_ENVIRONMENTS, type StudioEnvironment, type StudioStage } from '@attest/shared';
import { sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

// An app's settings (issue 15, migration 0024): its editable columns, who may edit it, and what the
// app list's cards show. Every query runs inside withTenant: row-level security keeps it to the tenant.
export const studioAppSettingsRepository = {
  update(
    tx: Tx,
    appId: string,
    change: { name?: string; description?: string; icon?: string | null; archived?: boolean },
  ) {
    return tx
      .updateTable('studio_apps')
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.description !== undefined && { description: change.description }),
        ...(change.icon !== undefined && { icon: change.icon }),
        ...(change.archived !== undefined && { archived_at: change.archived ? sql<Date>`now()` : null }),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', appId)
      .execute();
  },

  editorUsers(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_app_editors as e')
      .innerJoin('users as u', (join) =>
        join.onRef('u.tenant_id', '=', 'e.tenant_id').onRef('u.id', '=', 'e.user_id'),
      )
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
      .where('e.app_id', '=', appId)
      .orderBy('u.id')
      .execute();
  },

  editorGroups(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_app_editors as e')
      .innerJoin('groups as g', (join) =>
        join.onRef('g.tenant_id', '=', 'e.tenant_id').onRef('g.id', '=', 'e.group_id'),
      )
      .select(['g.id', 'g.name'])
      .where('e.app_id', '=', appId)
      .orderBy('g.id')
      .execute();
  },

  // Does the app have an editor list, and is this person on it (named, or through a group)?
  async editorAccess(tx: Tx, appId: string, userId: string): Promise<{ listed: boolean; isEditor: boolean }> {
    const row = await tx
      .selectFrom('studio_app_editors as e')
      .select([
        sql<boolean>`true`.as('listed'),
        sql<boolean>`bool_or(e.user_id = ${userId} or e.group_id in (
          select ug.group_id from user_groups ug where ug.user_id = ${userId}))`.as('is_editor'),
      ])
      .where('e.app_id', '=', appId)
      .groupBy('e.app_id')
      .executeTakeFirst();
    return { listed: row !== undefined, isEditor: row?.is_editor === true };
  },

  async replaceEditors(tx: Tx, tenantId: string, appId: string, userIds: string[], groupIds: string[]) {
    await tx.deleteFrom('studio_app_editors').where('app_id', '=', appId).execute();
    const rows = [
      ...userIds.map((id) => ({ tenant_id: tenantId, app_id: appId, user_id: id, group_id: null })),
      ...groupIds.map((id) => ({ tenant_id: tenantId, app_id: appId, user_id: null, group_id: id })),
    ];
    if (rows.length > 0) await tx.insertInto('studio_app_editors').values(rows).execute();
  },

  // The ids given that are not people (active users) or groups of the tenant.
  async unknownUsers(tx: Tx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await tx.selectFrom('users').select('id').where('id', 'in', ids).execute();
    const known = new Set(found.map((r) => r.id));
    return new Set(ids.filter((id) => !known.has(id)));
  },

  async unknownGroups(tx: Tx, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await tx.selectFrom('groups').select('id').where('id', 'in', ids).execute();
    const known = new Set(found.map((r) => r.id));
    return new Set(ids.filter((id) => !known.has(id)));
  },

  // The people who hear an app's live events: its named editors, the members of its editor groups,
  // and whoever worked on it lately (its newest activity), at most `limit` of them.
  async designers(tx: Tx, appId: string, limit: number): Promise<string[]> {
    const rows = await sql<{ user_id: string }>`
      select user_id from (
        select e.user_id from studio_app_editors e where e.app_id = ${appId} and e.user_id is not null
        union
        select ug.user_id from studio_app_editors e
          join user_groups ug on ug.tenant_id = e.tenant_id and ug.group_id = e.group_id
          where e.app_id = ${appId}
        union
        select a.actor_user_id from (
          select actor_user_id from studio_activity where app_id = ${appId} and actor_user_id is not null
          order by id desc limit 500
        ) a
      ) designers
      order by user_id
      limit ${limit}
    `.execute(tx);
    return rows.rows.map((r) => String(r.user_id));
  },

  // The card of each app listed: its newest version and stage, the environments running one of its
  // versions, its number of branches.
  async cards(tx: Tx, appIds: string[]) {
    if (appIds.length === 0) return new Map<string, AppCard>();
    const [versions, deployments, branches] = await Promise.all([
      tx
        .selectFrom('studio_versions')
        .distinctOn('app_id')
        .select(['app_id', 'id', 'major', 'minor', 'stage'])
        .where('app_id', 'in', appIds)
        .orderBy('app_id')
        .orderBy('major', 'desc')
        .orderBy('minor', 'desc')
        .execute(),
      tx
        .selectFrom('studio_deployments')
        .select(['app_id', 'environment'])
        .distinct()
        .where('app_id', 'in', appIds)
        .execute(),
      tx
        .selectFrom('studio_branches')
        .select(['app_id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('app_id', 'in', appIds)
        .groupBy('app_id')
        .execute(),
    ]);
    const cards = new Map<string, AppCard>(
      appIds.map((id) => [id, { latestVersion: null, environments: [], branchCount: 0 }]),
    );
    for (const v of versions) {
      const card = cards.get(v.app_id);
      if (card) card.latestVersion = { id: v.id, major: v.major, minor: v.minor, stage: v.stage };
    }
    for (const d of deployments) cards.get(d.app_id)?.environments.push(d.environment);
    for (const b of branches) {
      const card = cards.get(b.app_id);
      if (card) card.branchCount = Number(b.count);
    }
    for (const card of cards.values()) {
      card.environments.sort((a, b) => STUDIO_ENVIRONMENTS.indexOf(a) - STUDIO_ENVIRONMENTS.indexOf(b));
    }
    return cards;
  },
};

export type AppCard = {
  latestVersion: { id: string; major: number; minor: number; stage: StudioStage } | null;
  environments: StudioEnvironment[];
  branchCount: number;
};
