import { type ImportColumn, type ImportColumnTarget, importTargetName } from '@attest/shared';

// Plan §4.2: the mapping offered after an upload, which the person then corrects. Pure.

// What a column may fill, with the names a header may call it by.
export type MappingCandidate = { target: ImportColumnTarget; label: string; tag: string };
// A column of the last saved mapping of the same type: kept by header, so any column order fits.
export type SavedColumn = { header: string; target: ImportColumnTarget | null };

// 'Contact E-mail', 'contact_e-mail' and 'CONTACT É-MAIL' are one name: case, spaces, '_' and accents
// do not count.
export function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/gu, '');
}

const targetKey = (target: ImportColumnTarget) => `${target.kind}:${importTargetName(target)}`;

// Each header gets at most one target and each target at most one header, first come first served
// in this order: the last saved mapping (where its target still exists), then a label, then a tag.
export function suggestMapping(
  headers: readonly string[],
  candidates: readonly MappingCandidate[],
  saved: readonly SavedColumn[] = [],
): ImportColumn[] {
  const byKey = new Map(candidates.map((c) => [targetKey(c.target), c.target]));
  const chosen: (ImportColumnTarget | null)[] = headers.map(() => null);
  const taken = new Set<string>();
  const assign = (match: (header: string) => ImportColumnTarget | undefined) => {
    headers.forEach((header, index) => {
      if (chosen[index] || headerKey(header) === '') return;
      const target = match(headerKey(header));
      if (!target || taken.has(targetKey(target))) return;
      chosen[index] = target;
      taken.add(targetKey(target));
    });
  };
  const savedByHeader = new Map<string, ImportColumnTarget>();
  for (const column of saved) {
    const known = column.target && byKey.get(targetKey(column.target));
    if (known && !savedByHeader.has(headerKey(column.header)))
      savedByHeader.set(headerKey(column.header), known);
  }
  assign((key) => savedByHeader.get(key));
  assign((key) => candidates.find((c) => headerKey(c.label) === key)?.target);
  assign((key) => candidates.find((c) => headerKey(c.tag) === key)?.target);
  return headers.map((header, index) => ({ index, header, target: chosen[index] ?? null }));
}
