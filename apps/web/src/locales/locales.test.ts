import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import he from './he.json';
import italian from './it.json';
import ja from './ja.json';
import ko from './ko.json';
import nl from './nl.json';
import pt from './pt.json';
import zhHans from './zh-Hans.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

function valueAt(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
}

const english = keysOf(en).sort();

// English writes a count's text as key_one and key_other; a language with more plural forms (Arabic
// has zero, one, two, few, many and other) may add its other forms to such a key, and then has them
// all, or i18next falls back to English for those counts. They are checked against key_other.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
function extraPluralForms(code: string, keys: readonly string[]): string[] {
  const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  return keys.filter((key) => {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (!form || form === 'one' || form === 'other' || !forms.includes(form as Intl.LDMLPluralRule))
      return false;
    return english.includes(key.replace(PLURAL_SUFFIX, '_other'));
  });
}

describe.each([
  ['es', es],
  ['fr', fr],
  ['de', de],
  ['ja', ja],
  ['ar', ar],
  ['pt', pt],
  ['it', italian],
  ['nl', nl],
  ['ko', ko],
  ['zh-Hans', zhHans],
  ['he', he],
])('%s strings', (code, messages) => {
  const extra = extraPluralForms(code, keysOf(messages));

  it('has exactly the keys of en.json (and its own plural forms of a counted key)', () => {
    expect(
      keysOf(messages)
        .filter((key) => !extra.includes(key))
        .sort(),
    ).toEqual(english);
  });

  it('gives a counted key either only the forms en.json has or every plural form of the language', () => {
    const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const base of new Set(extra.map((key) => key.replace(PLURAL_SUFFIX, '')))) {
      for (const form of forms)
        expect(valueAt(messages, `${base}_${form}`), `${base}_${form}`).toBeTypeOf('string');
    }
  });

  it('keeps the placeholders of the English plural in its extra plural forms', () => {
    for (const key of extra) {
      const english = String(valueAt(en, key.replace(PLURAL_SUFFIX, '_other')));
      expect(placeholders(String(valueAt(messages, key))), key).toEqual(placeholders(english));
    }
  });

  it('keeps every interpolation and markup placeholder', () => {
    for (const key of english) {
      const translated = valueAt(messages, key);
      expect(typeof translated, key).toBe('string');
      expect(placeholders(String(translated)), key).toEqual(placeholders(String(valueAt(en, key))));
    }
  });
});
