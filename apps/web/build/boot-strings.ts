import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

// The string groups only signed-in pages use: most of a locale's bytes. The boot loads a locale
// without them (`<locale>.json?boot`), so the sign-in page stays within issue 14's first-load budget;
// the signed-in frame loads the whole file before it renders (lib/i18n/load-language.ts). A group a
// public page uses must never be listed here: its keys would show untranslated there.
export const SIGNED_IN_ONLY_GROUPS: readonly string[] = [
  'admin',
  'reports',
  'studio',
  'process',
  'studioDesigner',
  'records',
  'batchUpdates',
  'studioPages',
  'tasks',
  'batchImports',
  'filters',
  'dashboard',
  'fields',
  'scheduler',
  'mentions',
  'studioMoves',
  'answerErrors',
  'studioEvents',
  'badges',
  'home',
  'search',
];

const BOOT_QUERY = '?boot';

// Answers `locales/<code>.json?boot` with a module whose default export is the file minus those
// groups (parsed with JSON.parse, which starts faster than an object literal of this size).
export function bootStrings(): Plugin {
  return {
    name: 'attest-boot-strings',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(`.json${BOOT_QUERY}`)) return null;
      const messages = JSON.parse(await readFile(id.slice(0, -BOOT_QUERY.length), 'utf8')) as Record<
        string,
        unknown
      >;
      const boot = Object.entries(messages).filter(([group]) => !SIGNED_IN_ONLY_GROUPS.includes(group));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(boot)))});`;
    },
  };
}
