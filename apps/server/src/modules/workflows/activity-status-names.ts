import { translationFor } from '@attest/shared';

export type StatusTranslations = ReadonlyMap<string, Readonly<Record<string, string>>>;

// Issue 14: a status change keeps the names the statuses had when it happened (from_name,
// to_name). A reader whose language the kind names that status in (its latest publication, as
// the status badge) reads it in their language instead; without a translation the recorded name stays.
export function localizeStatusNames(
  details: Record<string, unknown>,
  translations: StatusTranslations,
  locale: string,
): Record<string, unknown> {
  let localized = details;
  for (const key of ['from', 'to'] as const) {
    const tag = details[key];
    if (typeof tag !== 'string' || typeof details[`${key}_name`] !== 'string') continue;
    const translation = translationFor(translations.get(tag), locale);
    if (translation) localized = { ...localized, [`${key}_name`]: translation };
  }
  return localized;
}
