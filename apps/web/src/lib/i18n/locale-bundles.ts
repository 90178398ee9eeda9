type Messages = Record<string, unknown>;

// One chunk per locale file: only the bundles a person needs are downloaded. Each locale comes in two
// cuts: `boot`, without the signed-in pages' string groups (build/boot-strings.ts), for the first
// page, and `full`, which the signed-in frame loads before it renders.
const fullLoaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });
const bootLoaders = import.meta.glob<Messages>('../../locales/*.json', { query: '?boot', import: 'default' });

export type BundleCut = 'boot' | 'full';

function byCode(loaders: Record<string, () => Promise<Messages>>) {
  return new Map(
    Object.entries(loaders).map(([file, load]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), load]),
  );
}

const cuts: Record<BundleCut, Map<string, () => Promise<Messages>>> = {
  boot: byCode(bootLoaders),
  full: byCode(fullLoaders),
};

export function hasBundle(code: string): boolean {
  return cuts.full.has(code);
}

export function availableBundles(): string[] {
  return [...cuts.full.keys()];
}

export async function loadBundle(code: string, cut: BundleCut = 'full'): Promise<Messages> {
  const load = cuts[cut].get(code);
  if (!load) throw new Error(`No strings exist for locale ${code}`);
  return load();
}
