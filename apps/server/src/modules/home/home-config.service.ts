import type { HomePageConfig, StoredHomePageConfig } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { TenantContext, UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { homeRepository } from './home.repository.js';

// An administrator sets the tenant's home page configuration (spec 2 §3.9). The route's schema has
// refused anything the §5 rules refuse; the change is audited like branding, in one transaction.
export function setHomePageConfig(
  ctx: UserContext & { ip: string | null },
  config: HomePageConfig,
): Promise<HomePageConfig> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await homeRepository.storeConfig(tx, ctx.tenant.id, config))) throw new NotFoundError();
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'home_page_config.changed',
      actorUserId: ctx.auth.user.id,
      details: { shortcuts: config.child_workflow_shortcut_config?.length ?? 0 },
      ipAddress: ctx.ip,
    });
    return config;
  });
}

// The stored configuration as it is, for Settings > Shortcuts: an invalid one too (the home page
// ignores it, spec 2 §5), so the administrator can see what is wrong and mend it.
export function getStoredHomePageConfig(ctx: TenantContext): Promise<StoredHomePageConfig> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await homeRepository.storedConfig(tx, ctx.tenant.id);
    return { config: row?.config ?? null };
  });
}
