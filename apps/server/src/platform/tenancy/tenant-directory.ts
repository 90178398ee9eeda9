import { BRAND_KEYS, type BrandKey } from '@attest/shared';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../request-context.js';
import { withTenant } from '../tenant-transaction.js';
import { tenantsRepository } from './tenants.repository.js';

export type TenantEntry = { tenant: Tenant; maintenance: boolean };

// Resolves a host's tenant on every API request, so each process keeps a short-lived cache.
export type TenantDirectory = {
  find(slug: string): Promise<TenantEntry | null>;
  forget(slug?: string): void;
};

export function createTenantDirectory(db: Db, ttlMs: number): TenantDirectory {
  const cache = new Map<string, { entry: TenantEntry | null; expiresAt: number }>();

  async function load(slug: string): Promise<TenantEntry | null> {
    const row = await tenantsRepository.findBySlug(db, slug);
    if (!row) return null;
    const brand = (BRAND_KEYS as string[]).includes(row.brand) ? (row.brand as BrandKey) : 'default';
    const tenant: Tenant = { id: row.id, slug: row.slug, name: row.name, brand };
    const maintenance = await withTenant(db, tenant.id, (tx) =>
      tenantsRepository.isInMaintenance(tx, tenant.id),
    );
    return { tenant, maintenance };
  }

  return {
    async find(slug) {
      const cached = cache.get(slug);
      if (cached && cached.expiresAt > Date.now()) return cached.entry;
      const entry = await load(slug);
      if (ttlMs > 0) cache.set(slug, { entry, expiresAt: Date.now() + ttlMs });
      return entry;
    },
    forget(slug) {
      if (slug) cache.delete(slug);
      else cache.clear();
    },
  };
}
