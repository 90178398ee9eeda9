import {
  FEATURE_TOGGLES,
  type GlobalSettings,
  type GlobalSettingsUpdate,
  SPECIAL_FEATURES,
  type SpecialFeature,
} from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type GlobalSettingsRow, globalSettingsRepository as repo } from './global-settings.repository.js';

// Settings > Global settings (issue 19). The route's schema has already refused unknown features and
// toggles, a maintenance message over the limit, maintenance on without a message, and an end time
// in the past.
export function getGlobalSettings(ctx: UserContext): Promise<GlobalSettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => toSettings(await findOrNotFound(tx, ctx)));
}

// Only what really differs is written and audited, with its before and after (booleans, a message
// and a time: no secrets). One transaction for the change and its audit event.
export function updateGlobalSettings(
  ctx: UserContext & { ip: string | null },
  input: GlobalSettingsUpdate,
): Promise<GlobalSettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const before = toSettings(await findOrNotFound(tx, ctx));
    const after: GlobalSettings = {
      special_features: input.special_features
        ? SPECIAL_FEATURES.filter((f) => input.special_features?.includes(f))
        : before.special_features,
      feature_toggles: { ...before.feature_toggles, ...input.feature_toggles },
      maintenance: input.maintenance
        ? {
            enabled: input.maintenance.enabled,
            message: input.maintenance.message || null,
            end_time: input.maintenance.end_time ? new Date(input.maintenance.end_time).toISOString() : null,
          }
        : before.maintenance,
    };
    const changed = (Object.keys(after) as (keyof GlobalSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (changed.length === 0) return before;
    await repo.update(tx, ctx.tenant.id, {
      ...(changed.includes('special_features') && { specialFeatures: after.special_features }),
      ...(changed.includes('feature_toggles') && { featureToggles: after.feature_toggles }),
      ...(changed.includes('maintenance') && {
        maintenance: {
          enabled: after.maintenance.enabled,
          message: after.maintenance.message,
          endTime: after.maintenance.end_time ? new Date(after.maintenance.end_time) : null,
        },
      }),
    });
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'global_settings.changed',
      actorUserId: ctx.auth.user.id,
      details: Object.fromEntries(changed.map((key) => [key, { before: before[key], after: after[key] }])),
      ipAddress: ctx.ip,
    });
    return after;
  });
}

async function findOrNotFound(tx: Parameters<typeof repo.find>[0], ctx: UserContext) {
  const row = await repo.find(tx, ctx.tenant.id);
  if (!row) throw new NotFoundError();
  return row;
}

// Stored values are read leniently: anything unknown or malformed reads as off.
function toSettings(row: GlobalSettingsRow): GlobalSettings {
  const labels = row.custom_ui_labels;
  const stored =
    labels && typeof labels === 'object' && Array.isArray(labels.specialFeatures)
      ? labels.specialFeatures
      : [];
  const toggles = row.feature_toggles && typeof row.feature_toggles === 'object' ? row.feature_toggles : {};
  return {
    special_features: SPECIAL_FEATURES.filter((f): f is SpecialFeature => stored.includes(f)),
    feature_toggles: Object.fromEntries(
      FEATURE_TOGGLES.map((t) => [t, toggles[t] === true]),
    ) as GlobalSettings['feature_toggles'],
    maintenance: {
      enabled: row.is_maintenance_mode_enabled,
      message: row.message_on_maintenance_page,
      end_time: row.maintenance_end_time?.toISOString() ?? null,
    },
  };
}
