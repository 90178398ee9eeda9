import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { TagSegmentSchema } from '../workflows/field-schema.js';
import { BATCH_IMPORT_MESSAGES } from './messages.js';

// Issue 18 (plan §1.6, §3.2, §4): batch import of records or workflows from a CSV or XLSX file.
// upload -> parse -> map -> preview (validation job) -> run (job) -> finished -> (undone).
const base = '/api/v1';
export const BATCH_IMPORT_PATHS = {
  imports: `${base}/batch-imports/`,
  import: (id: number) => `${base}/batch-imports/${id}/`,
  mapping: (id: number) => `${base}/batch-imports/${id}/mapping/`,
  rows: (id: number) => `${base}/batch-imports/${id}/rows/`,
  run: (id: number) => `${base}/batch-imports/${id}/run/`,
  undo: (id: number) => `${base}/batch-imports/${id}/undo/`,
  // The per-row results CSV, streamed.
  results: (id: number) => `${base}/batch-imports/${id}/results/`,
  mappings: `${base}/batch-import-mappings/`,
  savedMapping: (id: number) => `${base}/batch-import-mappings/${id}/`,
} as const;

// The upload is the raw file as the body (no multipart); its name comes in this header.
export const IMPORT_FILE_NAME_HEADER = 'x-file-name';

// Bounds (STYLE rule 7; plan §3.2). The issue's benchmark imports 100,000 rows, so a file may hold
// twice that; 50 MB keeps one upload short, and a 100 MB body is refused with 413.
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_COLUMNS = 500;
export const IMPORT_FILE_NAME_MAX_LENGTH = 255;
export const IMPORT_HEADER_MAX_LENGTH = 300;
export const IMPORT_MAPPING_NAME_MAX_LENGTH = 100;
export const IMPORT_ROWS_MAX_LIMIT = 200;

export const BATCH_IMPORT_TARGETS = ['records', 'workflows'] as const;
export type BatchImportTarget = (typeof BATCH_IMPORT_TARGETS)[number];
// create: every row is new; update: every row finds one by its key; upsert: updates what it finds
// and creates the rest.
export const BATCH_IMPORT_MODES = ['create', 'update', 'upsert'] as const;
export type BatchImportMode = (typeof BATCH_IMPORT_MODES)[number];
export const BATCH_IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type BatchImportFormat = (typeof BATCH_IMPORT_FORMATS)[number];
export const BATCH_IMPORT_STATES = [
  'parsing',
  'parsed',
  'validating',
  'validated',
  'queued',
  'running',
  'finished',
  'failed',
  'undoing',
  'undone',
] as const;
export type BatchImportState = (typeof BATCH_IMPORT_STATES)[number];
export const IMPORT_ROW_OUTCOMES = [
  'created',
  'updated',
  'unchanged',
  'failed',
  'undone',
  'kept_changed',
] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

// 'id' finds a record or workflow by its id; any other key is a unique key's name (uniqueKeyName).
export const IMPORT_ID_KEY = 'id';

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Stamp = text();
const PersonSchema = z.object({ id: Id, name: text(), email: text() });

export const BatchImportParamsSchema = z.object({ id: IdParam });

// POST batch-imports/?target=records&object_type=supplier (or target=workflows&kind_id=3).
export const CreateBatchImportQuerySchema = z
  .object({
    target: z.enum(BATCH_IMPORT_TARGETS),
    object_type: TagSegmentSchema.optional(),
    kind_id: IdParam.optional(),
  })
  .strict()
  .refine(
    (q) =>
      q.target === 'records'
        ? q.object_type !== undefined && q.kind_id === undefined
        : q.kind_id !== undefined && q.object_type === undefined,
    { message: BATCH_IMPORT_MESSAGES.unknownTarget },
  );
export type CreateBatchImportQuery = z.infer<typeof CreateBatchImportQuerySchema>;

// What a column fills: a field (its tag: one segment for a record, the full tag for a workflow) or
// one of the item's own attributes. 'name' is a workflow's name (a record's title is its title
// field); 'id' finds the item to update.
export const IMPORT_ATTRIBUTES = ['id', 'name', 'region', 'business_unit'] as const;
export type ImportAttribute = (typeof IMPORT_ATTRIBUTES)[number];
export const ImportColumnTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field_tag: text().min(1).max(200) }).strict(),
  z.object({ kind: z.literal('attribute'), attribute: z.enum(IMPORT_ATTRIBUTES) }).strict(),
]);
export type ImportColumnTarget = z.infer<typeof ImportColumnTargetSchema>;

export function importTargetName(target: ImportColumnTarget): string {
  return target.kind === 'field' ? target.field_tag : target.attribute;
}

// One column of the file: its position, its header as written, and what it fills (null: skipped).
export const ImportColumnSchema = z
  .object({
    index: z
      .number()
      .int()
      .min(0)
      .max(MAX_IMPORT_COLUMNS - 1),
    header: text().max(IMPORT_HEADER_MAX_LENGTH),
    target: ImportColumnTargetSchema.nullable(),
  })
  .strict();
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

// Each column once, each target from one column.
function refuseRepeatedColumns(columns: readonly ImportColumn[], ctx: z.core.$RefinementCtx<unknown>) {
  const indexes = new Set<number>();
  const targets = new Set<string>();
  columns.forEach((column, i) => {
    if (indexes.has(column.index))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', i, 'index'],
        message: `Column ${column.index + 1} is mapped twice.`,
      });
    indexes.add(column.index);
    if (!column.target) return;
    const name = `${column.target.kind}:${importTargetName(column.target)}`;
    if (targets.has(name))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', i, 'target'],
        message: BATCH_IMPORT_MESSAGES.fieldMappedTwice(importTargetName(column.target)),
      });
    targets.add(name);
  });
}

const ColumnsSchema = z.array(ImportColumnSchema).min(1).max(MAX_IMPORT_COLUMNS);

// PUT batch-imports/:id/mapping/. Whether the fields exist, the title is mapped and the key is a
// unique key of the type is the server's check (it has the definition).
export const ImportMappingRequestSchema = z
  .object({
    columns: ColumnsSchema,
    mode: z.enum(BATCH_IMPORT_MODES).default('create'),
    // 'id' or a unique key's name; needed to update, refused to create.
    key_name: text().min(1).max(300).optional(),
    // Workflows only: the step the new workflows start from (the steps before it are submitted).
    start_step_tag: text().min(1).max(200).optional(),
    // Kept as a named mapping for the next file of this type.
    save_as: text().trim().min(1).max(IMPORT_MAPPING_NAME_MAX_LENGTH).optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    refuseRepeatedColumns(request.columns, ctx);
    if (request.mode !== 'create' && request.key_name === undefined)
      ctx.addIssue({ code: 'custom', path: ['key_name'], message: BATCH_IMPORT_MESSAGES.keyRequired });
    if (request.mode === 'create' && request.key_name !== undefined)
      ctx.addIssue({ code: 'custom', path: ['key_name'], message: BATCH_IMPORT_MESSAGES.keyNeedsUpdateMode });
  });
export type ImportMappingRequest = z.infer<typeof ImportMappingRequestSchema>;

const TypeRefSchema = z.object({ id: Id, tag: text(), name: text() });

export const BatchImportSummarySchema = z.object({
  id: Id,
  target: z.enum(BATCH_IMPORT_TARGETS),
  object_type: TypeRefSchema.nullable(),
  kind: TypeRefSchema.nullable(),
  file_name: text(),
  format: z.enum(BATCH_IMPORT_FORMATS),
  size_bytes: z.number().int().min(0),
  state: z.enum(BATCH_IMPORT_STATES),
  mode: z.enum(BATCH_IMPORT_MODES),
  rows_total: z.number().int().min(0),
  rows_valid: z.number().int().min(0),
  rows_invalid: z.number().int().min(0),
  rows_done: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  failed: z.number().int().min(0),
  created_by: PersonSchema.nullable(),
  created_at: Stamp,
  finished_at: Stamp.nullable(),
});
export type BatchImportSummary = z.infer<typeof BatchImportSummarySchema>;
export const BatchImportsPageSchema = pageOf(BatchImportSummarySchema);

export const BatchImportsQuerySchema = PageQuerySchema.extend({
  state: z.enum(BATCH_IMPORT_STATES).optional(),
  target: z.enum(BATCH_IMPORT_TARGETS).optional(),
});
export type BatchImportsQuery = z.infer<typeof BatchImportsQuerySchema>;

export const BatchImportSchema = BatchImportSummarySchema.extend({
  // The file's header row, in column order.
  headers: z.array(text()),
  // suggestMapping's guess (by label, then tag, then the last saved mapping), until one is chosen.
  suggested_mapping: z.array(ImportColumnSchema).nullable(),
  mapping: z.array(ImportColumnSchema).nullable(),
  key_name: text().nullable(),
  start_step_tag: text().nullable(),
  // rows_done / rows_valid while running, 0..1.
  progress: z.number().min(0).max(1),
  can_undo: z.boolean(),
  results_available: z.boolean(),
  error: text().nullable(),
  started_at: Stamp.nullable(),
  undone_at: Stamp.nullable(),
  undone_by: PersonSchema.nullable(),
});
export type BatchImport = z.infer<typeof BatchImportSchema>;

export const ImportRowsQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(IMPORT_ROWS_MAX_LIMIT).default(50),
  // 'only': the rows with problems, for the preview.
  problems: z.enum(['only']).optional(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES).optional(),
});
export type ImportRowsQuery = z.infer<typeof ImportRowsQuerySchema>;

// One problem of a staged row: the column (0-based) and field it is about, and its message.
export const ImportRowProblemSchema = z.object({
  column: z.number().int().min(0).nullable(),
  field_tag: text().nullable(),
  code: text(),
  message: text(),
});
export type ImportRowProblem = z.infer<typeof ImportRowProblemSchema>;

export const ImportRowSchema = z.object({
  // 1 is the first data row (the line after the header).
  row_number: z.number().int().min(1),
  cells: z.array(text()),
  problems: z.array(ImportRowProblemSchema).nullable(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES).nullable(),
  // The record or workflow the row created or updated.
  target_id: Id.nullable(),
  message: text().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;
export const ImportRowsPageSchema = pageOf(ImportRowSchema);

// 400 import_changed_since: the rows whose items changed after the import wrote them.
export const ImportUndoRefusalSchema = z.object({
  detail: text(),
  code: text(),
  rows: z.array(z.number().int()),
});

export const ImportMappingsQuerySchema = PageQuerySchema.extend({
  target: z.enum(BATCH_IMPORT_TARGETS),
  object_type: TagSegmentSchema.optional(),
  kind_id: IdParam.optional(),
});
export type ImportMappingsQuery = z.infer<typeof ImportMappingsQuerySchema>;

// A saved mapping is kept by header, not position, so it fits the next file whatever its order.
export const SavedImportColumnSchema = z
  .object({ header: text().max(IMPORT_HEADER_MAX_LENGTH), target: ImportColumnTargetSchema.nullable() })
  .strict();
export const SavedImportMappingSchema = z.object({
  id: Id,
  name: text(),
  target: z.enum(BATCH_IMPORT_TARGETS),
  object_type_id: Id.nullable(),
  kind_id: Id.nullable(),
  columns: z.array(SavedImportColumnSchema),
  created_by: PersonSchema.nullable(),
  created_at: Stamp,
});
export type SavedImportMapping = z.infer<typeof SavedImportMappingSchema>;
export const SavedImportMappingsPageSchema = pageOf(SavedImportMappingSchema);
