import { DEFAULT_LOCALE, localeFallbackChain } from '@attest/shared';
import { i18n } from './i18n';
import { type BundleCut, hasBundle, loadBundle } from './locale-bundles';

const NAMESPACE = 'translation';

// Which cut of each locale is in i18n already ('full' includes 'boot').
const loaded = new Map<string, BundleCut>();
// Set once a signed-in page is on its way: from then on every locale comes whole. The router loads
// that page's code while the boot is still choosing the person's language, so the language chosen
// after it must come whole too.
let signedIn = false;

async function addCut(locale: string, cut: BundleCut): Promise<void> {
  const have = loaded.get(locale);
  if (have === 'full' || have === cut) return;
  i18n.addResourceBundle(locale, NAMESPACE, await loadBundle(locale, cut), true, true);
  if (loaded.get(locale) !== 'full') loaded.set(locale, cut);
}

// Adds every bundle of the fallback chain that exists (es-MX has none: es and en answer for it).
// A full cut over a boot cut adds the signed-in pages' groups to what is there.
async function addStrings(code: string): Promise<void> {
  const chain = localeFallbackChain(code).filter(hasBundle);
  await Promise.all(
    chain.map(async (locale) => {
      await addCut(locale, signedIn ? 'full' : 'boot');
      // A signed-in page asked for everything while this boot cut was on its way.
      if (signedIn) await addCut(locale, 'full');
    }),
  );
}

async function activate(code: string): Promise<void> {
  await addStrings(code);
  await i18n.changeLanguage(code);
}

// Spec 1 section 4: load the preferred locale; if that fails and it is not the default, load the
// default; if that fails too, the error goes up to the error page. Resolves to the active locale.
// The first page gets the boot cut only (issue 14's first-load budget): see loadSignedInStrings.
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

// The signed-in frame waits for this before it renders: the whole of the active language's strings.
export async function loadSignedInStrings(): Promise<void> {
  signedIn = true;
  const codes = new Set([i18n.language || DEFAULT_LOCALE, ...loaded.keys()]);
  await Promise.all([...codes].map(addStrings));
}
