type Messages = Record<string, unknown>;

// One chunk per locale file: only the bundles a person needs are downloaded.
const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

const byCode = new Map<string, () => Promise<Messages>>(
  Object.entries(loaders).map(([file, load]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), load]),
);

export function hasBundle(code: string): boolean {
  return byCode.has(code);
}

export function availableBundles(): string[] {
  return [...byCode.keys()];
}

export async function loadBundle(code: string): Promise<Messages> {
  const load = byCode.get(code);
  if (!load) throw new Error(`No strings exist for locale ${code}`);
  return load();
}
