// One factory for the export query keys (STYLE rule 10).
export const exportKeys = {
  all: ['exports'] as const,
  export: (id: number) => [...exportKeys.all, id] as const,
};
