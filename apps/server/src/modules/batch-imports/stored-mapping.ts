import { type ImportColumn, ImportColumnSchema } from '@attest/shared';
import { z } from 'zod';

// batch_imports.mapping holds the file's header row, the suggestion made at upload and the columns
// chosen (null until PUT mapping): the table has no column of its own for the headers, and the three
// are read together.
const StoredMappingSchema = z.object({
  headers: z.array(z.string()).default([]),
  suggested: z.array(ImportColumnSchema).nullable().default(null),
  columns: z.array(ImportColumnSchema).nullable().default(null),
});
export type StoredMapping = z.infer<typeof StoredMappingSchema>;

export function storedMapping(value: unknown): StoredMapping {
  const parsed = StoredMappingSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { headers: [], suggested: null, columns: null };
}

export function mappedColumns(mapping: StoredMapping): ImportColumn[] {
  return (mapping.columns ?? []).filter((column) => column.target !== null);
}
