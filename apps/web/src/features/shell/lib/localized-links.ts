import { type HeaderLink, localized } from '@attest/shared';

// Issue 14: a tenant's link is labelled in the language the page is shown in (its translation,
// regional then base), else as the tenant wrote it. The configuration carries every language
// because it is read before anyone signs in, when only the browser knows the reader's language.
export function localizedLinks(links: readonly HeaderLink[], locale: string): HeaderLink[] {
  return links.map((link) => ({ ...link, label: localized(link.label, link.label_translations, locale) }));
}
