import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { TagSegmentSchema } from '../workflows/field-schema.js';
import { BATCH_UPDATE_MESSAGES } from './messages.js';

// Issue 18 (plan §1.7, §3.3, §5): change many workflows or records at once. The selection is frozen
// into items at preview, so what the person previewed is what applies; apply and undo run as jobs.
const base = '/api/v1';
export const BATCH_UPDATE_PATHS = {
  updates: `${base}/batch-updates/`,
  update: (id: number) => `${base}/batch-updates/${id}/`,
  // A CSV of ids (one a line), stored for a selection: answers {ids_file, count}.
  idsFile: `${base}/batch-updates/ids-file/`,
  items: (id: number) => `${base}/batch-updates/${id}/items/`,
  apply: (id: number) => `${base}/batch-updates/${id}/apply/`,
  undo: (id: number) => `${base}/batch-updates/${id}/undo/`,
  results: (id: number) => `${base}/batch-updates/${id}/results/`,
} as const;

// Bounds (STYLE rule 7).
export const MAX_BATCH_UPDATE_ITEMS = 100_000;
export const MAX_IDS_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_BATCH_UPDATE_ANSWERS = 50;
export const MAX_ASSIGNEE_CHANGES = 20;
export const MAX_ASSIGNEES_PER_CHANGE = 50;
export const BATCH_UPDATE_ITEMS_MAX_LIMIT = 200;
// The list's URL query, as a saved filter keeps it (preferences.ts).
export const SELECTION_QUERY_MAX_LENGTH = 8000;

export const BATCH_UPDATE_TARGETS = ['workflows', 'records'] as const;
export type BatchUpdateTarget = (typeof BATCH_UPDATE_TARGETS)[number];
export const BATCH_UPDATE_STATES = [
  'selecting',
  'previewed',
  'queued',
  'running',
  'finished',
  'failed',
  'undoing',
  'undone',
] as const;
export type BatchUpdateState = (typeof BATCH_UPDATE_STATES)[number];
export const BATCH_UPDATE_ITEM_OUTCOMES = [
  'pending',
  'changed',
  'unchanged',
  'refused',
  'failed',
  'undone',
  'kept_changed',
] as const;
export type BatchUpdateItemOutcome = (typeof BATCH_UPDATE_ITEM_OUTCOMES)[number];

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Stamp = text();
const PersonSchema = z.object({ id: Id, name: text(), email: text() });

export const BatchUpdateParamsSchema = z.object({ id: IdParam });

// What is changed: the list's filters as its URL query (decodeListQuery for workflows,
// RecordListQuerySchema for records: the list's own rule and its 400s), ids, or a stored ids file.
export const BatchUpdateSelectionSchema = z.union([
  z.object({ query: text().max(SELECTION_QUERY_MAX_LENGTH) }).strict(),
  z.object({ ids: z.array(Id).min(1).max(MAX_BATCH_UPDATE_ITEMS) }).strict(),
  z.object({ ids_file: text().min(1).max(300) }).strict(),
]);
export type BatchUpdateSelection = z.infer<typeof BatchUpdateSelectionSchema>;

export const AssigneeChangeSchema = z
  .object({
    step_tag: text().min(1).max(200),
    add: z.array(Id).max(MAX_ASSIGNEES_PER_CHANGE).default([]),
    remove: z.array(Id).max(MAX_ASSIGNEES_PER_CHANGE).default([]),
  })
  .strict();
export type AssigneeChange = z.infer<typeof AssigneeChangeSchema>;

export const BatchUpdateChangesSchema = z
  .object({
    // By field tag; each checked with the field's validateAnswer. null clears an answer.
    answers: z
      .record(text().min(1).max(200), z.unknown())
      .refine((answers) => Object.keys(answers).length <= MAX_BATCH_UPDATE_ANSWERS, {
        message: `Change at most ${MAX_BATCH_UPDATE_ANSWERS} fields at once.`,
      })
      .optional(),
    status_tag: TagSegmentSchema.optional(),
    region_id: Id.optional(),
    // null takes the business unit away (the region stays).
    business_unit_id: Id.nullable().optional(),
    assignees: z.array(AssigneeChangeSchema).max(MAX_ASSIGNEE_CHANGES).optional(),
  })
  .strict();
export type BatchUpdateChanges = z.infer<typeof BatchUpdateChangesSchema>;

export function hasAnyChange(changes: BatchUpdateChanges): boolean {
  return (
    Object.keys(changes.answers ?? {}).length > 0 ||
    changes.status_tag !== undefined ||
    changes.region_id !== undefined ||
    changes.business_unit_id !== undefined ||
    (changes.assignees ?? []).some((a) => a.add.length > 0 || a.remove.length > 0)
  );
}

// Answers, statuses and steps belong to a kind's definition.
function needsKind(changes: BatchUpdateChanges): boolean {
  return (
    Object.keys(changes.answers ?? {}).length > 0 ||
    changes.status_tag !== undefined ||
    (changes.assignees ?? []).length > 0
  );
}

export const CreateBatchUpdateRequestSchema = z
  .object({
    target: z.enum(BATCH_UPDATE_TARGETS),
    kind_id: Id.optional(),
    object_type: TagSegmentSchema.optional(),
    selection: BatchUpdateSelectionSchema,
    changes: BatchUpdateChangesSchema,
  })
  .strict()
  .superRefine((request, ctx) => {
    const { target, changes } = request;
    if (!hasAnyChange(changes))
      ctx.addIssue({ code: 'custom', path: ['changes'], message: BATCH_UPDATE_MESSAGES.noChange });
    if (target === 'records') {
      if (request.object_type === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['object_type'],
          message: BATCH_UPDATE_MESSAGES.objectTypeRequired,
        });
      if (changes.status_tag !== undefined || changes.assignees !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['changes'],
          message: BATCH_UPDATE_MESSAGES.workflowOnlyChange,
        });
    } else if (request.kind_id === undefined && needsKind(changes)) {
      ctx.addIssue({ code: 'custom', path: ['kind_id'], message: BATCH_UPDATE_MESSAGES.kindRequired });
    }
  });
export type CreateBatchUpdateRequest = z.infer<typeof CreateBatchUpdateRequestSchema>;

export const IdsFileSchema = z.object({ ids_file: text(), count: z.number().int().min(0) });
export type IdsFile = z.infer<typeof IdsFileSchema>;

const TypeRefSchema = z.object({ id: Id, tag: text(), name: text() });

export const BatchUpdateSchema = z.object({
  id: Id,
  target: z.enum(BATCH_UPDATE_TARGETS),
  kind: TypeRefSchema.nullable(),
  object_type: TypeRefSchema.nullable(),
  state: z.enum(BATCH_UPDATE_STATES),
  changes: BatchUpdateChangesSchema,
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  changed: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  // done / total while applying or undoing, 0..1.
  progress: z.number().min(0).max(1),
  can_undo: z.boolean(),
  error: text().nullable(),
  created_by: PersonSchema.nullable(),
  created_at: Stamp,
  started_at: Stamp.nullable(),
  finished_at: Stamp.nullable(),
  undone_at: Stamp.nullable(),
  undone_by: PersonSchema.nullable(),
});
export type BatchUpdate = z.infer<typeof BatchUpdateSchema>;
export const BatchUpdatesPageSchema = pageOf(BatchUpdateSchema);

export const BatchUpdateItemsQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(BATCH_UPDATE_ITEMS_MAX_LIMIT).default(50),
  outcome: z.enum(BATCH_UPDATE_ITEM_OUTCOMES).optional(),
});
export type BatchUpdateItemsQuery = z.infer<typeof BatchUpdateItemsQuerySchema>;

// Before and after hold only what the update changes: {answers: {tag: value}, status_tag,
// region, business_unit, assignees: {step_tag: [user ids]}}.
export const BatchUpdateItemSchema = z.object({
  target_id: Id,
  // The workflow's name or the record's title.
  name: text(),
  before: z.record(text(), z.unknown()),
  after: z.record(text(), z.unknown()).nullable(),
  outcome: z.enum(BATCH_UPDATE_ITEM_OUTCOMES),
  message: text().nullable(),
});
export type BatchUpdateItem = z.infer<typeof BatchUpdateItemSchema>;
export const BatchUpdateItemsPageSchema = pageOf(BatchUpdateItemSchema);

// 400 batch_update_changed_since: the items changed after the update wrote them.
export const BatchUpdateUndoRefusalSchema = z.object({
  detail: text(),
  code: text(),
  target_ids: z.array(z.number().int()),
});
