import {
  DASHBOARD_COLUMN_SCOPES_MAX,
  type DashboardColumns,
  type DashboardColumnsScope,
  PREFERENCE_MESSAGES,
  type SaveDashboardColumns,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { preferencesRepository } from './preferences.repository.js';

const KIND = 'dashboard_columns';

// Issue 14: the signed-in user's own dashboard columns for one workflow kind ('all': every kind).
// Only ever the caller's row: another user's or tenant's choice is never read (RLS and user_id).
export function dashboardColumns(ctx: UserContext, scope: DashboardColumnsScope): Promise<DashboardColumns> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await preferencesRepository.named(tx, ctx.auth.user.id, KIND, String(scope));
    const columns = (row?.value as { columns?: unknown } | undefined)?.columns;
    return { columns: Array.isArray(columns) ? columns.map(String) : null };
  });
}

export function saveDashboardColumns(
  ctx: UserContext,
  scope: DashboardColumnsScope,
  body: SaveDashboardColumns,
): Promise<DashboardColumns> {
  const userId = ctx.auth.user.id;
  // The same column twice would show twice: kept once, in its first place.
  const columns = [...new Set(body.columns)];
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // Serialises one user's saves, so the bound holds under races.
    await preferencesRepository.lockUser(tx, ctx.tenant.id, userId);
    const existing = await preferencesRepository.named(tx, userId, KIND, String(scope));
    if (
      !existing &&
      (await preferencesRepository.countOfKind(tx, userId, KIND)) >= DASHBOARD_COLUMN_SCOPES_MAX
    ) {
      throw new BadRequestError(PREFERENCE_MESSAGES.tooManyColumnLayouts);
    }
    await preferencesRepository.upsertNamed(tx, {
      tenantId: ctx.tenant.id,
      userId,
      kind: KIND,
      name: String(scope),
      value: { columns },
    });
    return { columns };
  });
}
