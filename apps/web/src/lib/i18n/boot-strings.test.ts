import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootStrings, SIGNED_IN_ONLY_GROUPS } from '../../../build/boot-strings';

const SRC = path.resolve(import.meta.dirname, '../..');
const EN = path.join(SRC, 'locales/en.json');

// What the first page can show before the signed-in frame loads the rest of the strings: the sign-in
// steps, the error, maintenance and status pages, and the boot itself.
const PUBLIC_CODE = [
  'features/auth',
  'features/errors',
  'features/maintenance',
  'app/boot',
  'app/routes',
  'components',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

async function bootCut(file: string): Promise<Record<string, unknown>> {
  const plugin = bootStrings();
  const load = plugin.load as (id: string) => Promise<string | null>;
  const code = await load(`${file}?boot`);
  if (code === null) throw new Error('the plugin did not answer');
  const json = /^export default JSON\.parse\((.*)\);$/s.exec(code)?.[1];
  return JSON.parse(JSON.parse(json ?? 'null'));
}

describe('the boot cut of a locale', () => {
  it('holds every group but the signed-in-only ones, whole', async () => {
    const all = JSON.parse(readFileSync(EN, 'utf8')) as Record<string, unknown>;
    const cut = await bootCut(EN);
    expect(Object.keys(cut)).toEqual(
      Object.keys(all).filter((group) => !SIGNED_IN_ONLY_GROUPS.includes(group)),
    );
    expect(cut.auth).toEqual(all.auth);
    expect(cut).not.toHaveProperty('admin');
  });

  it('leaves other files and the whole file to Vite', async () => {
    const load = bootStrings().load as (id: string) => Promise<string | null>;
    expect(await load(EN)).toBeNull();
    expect(await load(`${EN}?raw`)).toBeNull();
  });

  it('has every group the pages shown before sign-in use', () => {
    const used = PUBLIC_CODE.flatMap((dir) => sourceFiles(path.join(SRC, dir))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([A-Za-z]+)\./g)].map((match) => match[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((group) => SIGNED_IN_ONLY_GROUPS.includes(group))).toEqual([]);
  });
});
