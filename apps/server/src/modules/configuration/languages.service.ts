import { DEFAULT_LOCALE, findLocale, type LanguageSettings } from '@attest/shared';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { configurationRepository } from './configuration.repository.js';

// The catalogue's spelling of a code ('zh-hans' is stored as 'zh-Hans'); codes no longer in the
// catalogue are dropped on read, as the configuration does.
function canonical(codes: readonly string[]): string[] {
  return codes.flatMap((code) => {
    const locale = findLocale(code);
    return locale ? [locale.code] : [];
  });
}

function toSettings(row: { supported_languages: string[]; default_language: string }): LanguageSettings {
  const offered = canonical(row.supported_languages);
  const supported = offered.length > 0 ? offered : [DEFAULT_LOCALE];
  const fallback = supported[0] ?? DEFAULT_LOCALE;
  const chosen = findLocale(row.default_language)?.code;
  return {
    supported_languages: supported,
    default_language: chosen && supported.includes(chosen) ? chosen : fallback,
  };
}

// Settings > Languages (issue 19): which catalogue locales the tenant offers, and its default.
export function getLanguages(ctx: UserContext): Promise<LanguageSettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findLanguages(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    return toSettings(row);
  });
}

// The schema has checked the codes, duplicates and that the default is offered. The audit names
// the languages added and removed and the default before and after.
export function updateLanguages(
  ctx: UserContext & { ip: string | null },
  input: LanguageSettings,
): Promise<LanguageSettings> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await configurationRepository.findLanguages(tx, ctx.tenant.id);
    if (!row) throw new NotFoundError();
    const before = toSettings(row);
    const after = toSettings(input);
    const added = after.supported_languages.filter((code) => !before.supported_languages.includes(code));
    const removed = before.supported_languages.filter((code) => !after.supported_languages.includes(code));
    const reordered = before.supported_languages.join() !== after.supported_languages.join();
    const defaultChanged = before.default_language !== after.default_language;
    if (!reordered && !defaultChanged) return before;
    await configurationRepository.updateLanguages(
      tx,
      ctx.tenant.id,
      after.supported_languages,
      after.default_language,
    );
    await recordAudit(tx, {
      tenantId: ctx.tenant.id,
      action: 'languages.changed',
      actorUserId: ctx.auth.user.id,
      details: {
        added,
        removed,
        ...(defaultChanged && {
          default_language: { from: before.default_language, to: after.default_language },
        }),
      },
      ipAddress: ctx.ip,
    });
    return after;
  });
}
