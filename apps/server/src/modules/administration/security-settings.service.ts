import { SERVER_MESSAGES, type SecuritySettings, type SecuritySettingsUpdate } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { type SecuritySettingsChanges, securitySettingsRepository } from './security-settings.repository.js';

export type SecuritySettingsContext = UserContext & { seal: (plain: string) => string; ip: string | null };

type StoredSettings = NonNullable<Awaited<ReturnType<typeof securitySettingsRepository.find>>>;

export function getSecuritySettings(ctx: UserContext): Promise<SecuritySettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => toSecuritySettings(await findOr404(tx, ctx)));
}

// Sign-in reads these columns on every attempt (captcha guard, sign-in, session hook), so a change
// applies from the next request without any cache to clear.
export function updateSecuritySettings(
  ctx: SecuritySettingsContext,
  input: SecuritySettingsUpdate,
): Promise<SecuritySettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const stored = await findOr404(tx, ctx, { forUpdate: true });
    const changes = changesOf(ctx, input);
    assertCaptchaConfigured({ ...stored, ...changes });
    const changed = changedFields(stored, input);
    if (changed.length > 0) {
      await securitySettingsRepository.update(tx, ctx.tenant.id, changes);
      // Field names only: the trail must never hold a secret, nor the site key's history.
      await recordAudit(tx, {
        tenantId: ctx.tenant.id,
        action: 'security_settings.changed',
        actorUserId: ctx.auth.user.id,
        details: { changed },
        ipAddress: ctx.ip,
      });
    }
    return toSecuritySettings({ ...stored, ...changes });
  });
}

function changesOf(ctx: SecuritySettingsContext, input: SecuritySettingsUpdate): SecuritySettingsChanges {
  const { hcaptcha_secret: secret, ...plain } = input;
  if (secret === undefined) return plain;
  return { ...plain, hcaptcha_secret_encrypted: secret === null ? null : ctx.seal(secret) };
}

// A new secret always counts as a change: it is sealed with a fresh nonce and never compared.
function changedFields(stored: StoredSettings, input: SecuritySettingsUpdate): string[] {
  return Object.entries(input)
    .filter(([field, value]) => {
      if (value === undefined) return false;
      if (field === 'hcaptcha_secret') return value !== null || stored.hcaptcha_secret_encrypted !== null;
      return stored[field as keyof StoredSettings] !== value;
    })
    .map(([field]) => field)
    .sort();
}

// Captcha on without a site key or secret would refuse every sign-in (the guard fails closed).
function assertCaptchaConfigured(next: StoredSettings): void {
  if (!next.captcha_enabled) return;
  const errors: Record<string, string[]> = {};
  if (!next.hcaptcha_site_key) errors.hcaptcha_site_key = [SERVER_MESSAGES.captchaSiteKeyRequired];
  if (!next.hcaptcha_secret_encrypted) errors.hcaptcha_secret = [SERVER_MESSAGES.captchaSecretRequired];
  const [first] = Object.values(errors);
  if (first?.[0]) throw new BadRequestError(first[0], errors);
}

async function findOr404(tx: Tx, ctx: UserContext, options: { forUpdate?: boolean } = {}) {
  const row = await securitySettingsRepository.find(tx, ctx.tenant.id, options);
  if (!row) throw new NotFoundError();
  return row;
}

function toSecuritySettings(row: StoredSettings): SecuritySettings {
  return {
    require_mfa: row.require_mfa,
    session_idle_minutes: row.session_idle_minutes,
    session_absolute_hours: row.session_absolute_hours,
    captcha_enabled: row.captcha_enabled,
    hcaptcha_site_key: row.hcaptcha_site_key,
    hcaptcha_secret_set: row.hcaptcha_secret_encrypted !== null,
  };
}
