import { DEFAULT_LOCALE, localeFallbackChain } from '@attest/shared';
import { i18n } from './i18n';
import { hasBundle, loadBundle } from './locale-bundles';

const NAMESPACE = 'translation';

// Loads every bundle of the fallback chain that exists (es-MX has none: es and en answer for it).
async function activate(code: string): Promise<void> {
  const chain = localeFallbackChain(code).filter(hasBundle);
  await Promise.all(
    chain.map(async (locale) => {
      if (i18n.hasResourceBundle(locale, NAMESPACE)) return;
      i18n.addResourceBundle(locale, NAMESPACE, await loadBundle(locale));
    }),
  );
  await i18n.changeLanguage(code);
}

// Spec 1 section 4: load the preferred locale; if that fails and it is not the default, load the
// default; if that fails too, the error goes up to the error page. Resolves to the active locale.
export async function loadLanguage(preferred: string): Promise<string> {
  try {
    await activate(preferred);
    return preferred;
  } catch (error) {
    if (preferred === DEFAULT_LOCALE) throw error;
    await activate(DEFAULT_LOCALE);
    return DEFAULT_LOCALE;
  }
}
