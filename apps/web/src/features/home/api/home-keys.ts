// TanStack Query keys of the home area.
export type HomeSectionKind = 'following' | 'requested';

export const homeKeys = {
  all: ['home'] as const,
  config: () => [...homeKeys.all, 'config'] as const,
  // The stored configuration Settings > Shortcuts edits.
  storedConfig: () => [...homeKeys.all, 'stored-config'] as const,
  section: (kind: HomeSectionKind) => [...homeKeys.all, 'section', kind] as const,
  parents: (index: number, q: string) => [...homeKeys.all, 'parents', index, q] as const,
  recent: () => [...homeKeys.all, 'recent'] as const,
  waiting: () => [...homeKeys.all, 'waiting'] as const,
  report: (id: number) => [...homeKeys.all, 'report', id] as const,
  canStart: () => [...homeKeys.all, 'can-start'] as const,
};
