import type { BrandKey, HeaderLink, PermissionCodename } from '@attest/shared';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../database.js';

export type TenantSeed = {
  slug: string;
  name: string;
  brand?: BrandKey;
  configuration?: {
    logo?: string | null;
    supported_languages?: string[];
    default_language?: string;
    custom_ui_labels?: Record<string, unknown>;
    feature_toggles?: Record<string, boolean>;
    support_links?: HeaderLink[];
    is_maintenance_mode_enabled?: boolean;
    message_on_maintenance_page?: string | null;
    maintenance_end_time?: Date | null;
    report_embed_url?: string | null;
  };
  regions?: { name: string; businessUnits: string[] }[];
  groups?: { name: string; permissions: readonly PermissionCodename[] }[];
  users?: {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    kind?: 1 | 2;
    groups: string[];
    prefered_language?: string;
  }[];
};

export type CreatedTenant = { id: string; userIds: Record<string, string>; groupIds: Record<string, string> };

// Creates a tenant with everything it owns in one transaction, as the migrating role. Used by the
// demo seed and by tests, which each build their own tenants.
export async function createTenant(adminDb: Db, seed: TenantSeed): Promise<CreatedTenant> {
  const hashes = new Map<string, string>();
  for (const user of seed.users ?? []) {
    if (!hashes.has(user.password)) hashes.set(user.password, await hashPassword(user.password));
  }
  return adminDb.transaction().execute(async (tx) => {
    const tenant = await tx
      .insertInto('tenants')
      .values({ slug: seed.slug, name: seed.name, brand: seed.brand ?? 'default' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tenant_id = tenant.id;
    const c = seed.configuration ?? {};
    await tx
      .insertInto('tenant_configurations')
      .values({
        tenant_id,
        logo: c.logo ?? null,
        supported_languages: c.supported_languages ?? ['en'],
        default_language: c.default_language ?? 'en',
        custom_ui_labels: JSON.stringify(c.custom_ui_labels ?? {}),
        feature_toggles: JSON.stringify(c.feature_toggles ?? {}),
        support_links: JSON.stringify(c.support_links ?? []),
        is_maintenance_mode_enabled: c.is_maintenance_mode_enabled ?? false,
        message_on_maintenance_page: c.message_on_maintenance_page ?? null,
        maintenance_end_time: c.maintenance_end_time ?? null,
        report_embed_url: c.report_embed_url ?? null,
      })
      .execute();

    for (const region of seed.regions ?? []) {
      const { id: region_id } = await tx
        .insertInto('regions')
        .values({ tenant_id, name: region.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const name of region.businessUnits) {
        await tx.insertInto('business_units').values({ tenant_id, region_id, name }).execute();
      }
    }

    const groupIds: Record<string, string> = {};
    for (const group of seed.groups ?? []) {
      const { id } = await tx
        .insertInto('groups')
        .values({ tenant_id, name: group.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupIds[group.name] = id;
      if (group.permissions.length > 0) {
        await tx
          .insertInto('group_permissions')
          .values(group.permissions.map((codename) => ({ tenant_id, group_id: id, codename })))
          .execute();
      }
    }

    const userIds: Record<string, string> = {};
    for (const user of seed.users ?? []) {
      const { id } = await tx
        .insertInto('users')
        .values({
          tenant_id,
          email: user.email,
          password_hash: hashes.get(user.password) ?? null,
          first_name: user.first_name,
          last_name: user.last_name,
          kind: user.kind ?? 1,
          prefered_language: user.prefered_language ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds[user.email] = id;
      for (const groupName of user.groups) {
        const group_id = groupIds[groupName];
        if (!group_id) throw new Error(`Seed user ${user.email} names unknown group ${groupName}`);
        await tx.insertInto('user_groups').values({ tenant_id, user_id: id, group_id }).execute();
      }
    }
    return { id: tenant_id, userIds, groupIds };
  });
}
