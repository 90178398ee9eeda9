import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';

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

describe.each([
  ['es', es],
  ['fr', fr],
  ['de', de],
  ['ja', ja],
  ['ar', ar],
])('%s strings', (_code, messages) => {
  it('has exactly the keys of en.json', () => {
    expect(keysOf(messages).sort()).toEqual(english);
  });

  it('keeps every interpolation and markup placeholder', () => {
    for (const key of english) {
      const translated = valueAt(messages, key);
      expect(typeof translated, key).toBe('string');
      expect(placeholders(String(translated)), key).toEqual(placeholders(String(valueAt(en, key))));
    }
  });
});
