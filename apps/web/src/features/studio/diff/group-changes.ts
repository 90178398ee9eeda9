import type { DefinitionChangeSchema, StudioItemType } from '@attest/shared';
import type { z } from 'zod';

// One row of the server's diff, as its schema reads it.
export type DefinitionChange = z.infer<typeof DefinitionChangeSchema>;

export type ChangeKind = DefinitionChange['kind'];
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'moved', 'changed'];

// The order a process's changes are shown in: the process itself, then what a designer sees from
// the top of the designer down.
export const ITEM_SECTIONS: readonly StudioItemType[] = [
  'process',
  'step_group',
  'step',
  'field',
  'status',
  'alert_rule',
];

export type ChangeCounts = Record<ChangeKind, number>;

export type ItemSection = { item: StudioItemType; changes: DefinitionChange[]; counts: ChangeCounts };
export type ProcessChanges = { process: string; sections: ItemSection[]; counts: ChangeCounts };

export function emptyCounts(): ChangeCounts {
  return { added: 0, removed: 0, moved: 0, changed: 0 };
}

export function countChanges(changes: readonly DefinitionChange[]): ChangeCounts {
  const counts = emptyCounts();
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}

// Groups the server's rows (in definition order) by process, its kind tag being the identity's
// first part, then by item type; rows keep their order inside a section.
export function groupChanges(changes: readonly DefinitionChange[]): ProcessChanges[] {
  const byProcess = new Map<string, Map<StudioItemType, DefinitionChange[]>>();
  for (const change of changes) {
    const process = change.identity[0] ?? '';
    let sections = byProcess.get(process);
    if (!sections) {
      sections = new Map();
      byProcess.set(process, sections);
    }
    const rows = sections.get(change.item) ?? [];
    rows.push(change);
    sections.set(change.item, rows);
  }
  return [...byProcess].map(([process, sections]) => {
    const ordered = ITEM_SECTIONS.flatMap((item) => {
      const rows = sections.get(item);
      return rows ? [{ item, changes: rows, counts: countChanges(rows) }] : [];
    });
    return { process, sections: ordered, counts: countChanges(ordered.flatMap((s) => s.changes)) };
  });
}

// A property's value as one line of text: strings as they are, everything else as compact JSON.
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
