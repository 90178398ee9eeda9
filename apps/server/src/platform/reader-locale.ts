import { DEFAULT_LOCALE, translationLookupOrder } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import type { UserContext } from './request-context.js';

// Issue 14: tenant-entered texts (status names) are named in the reader's language by the server,
// so that lists stay one query and their answers keep their shape. The reader's language is the one
// the web app shows them: their stored choice (a change of it reloads the app), else en.
export function readerLocale(ctx: Pick<UserContext, 'auth'>): string {
  return ctx.auth.user.prefered_language ?? DEFAULT_LOCALE;
}

// `column` in the reader's language: its translation (regional, then base), else the text itself.
// Columns are names or references. The codes are written into the statement, not bound, so a
// select and its group by stay the same expression; they come from the locale catalogue.
export function localizedColumn(
  column: string | RawBuilder<unknown>,
  translationsColumn: string | RawBuilder<unknown>,
  locale: string,
): RawBuilder<string> {
  const ref = (c: string | RawBuilder<unknown>) => (typeof c === 'string' ? sql.ref(c) : c);
  const translations = translationLookupOrder(locale).map(
    (code) => sql`${ref(translationsColumn)} ->> ${sql.lit(code)}`,
  );
  return sql<string>`coalesce(${sql.join([...translations, ref(column)])})`;
}
