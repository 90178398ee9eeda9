import { z } from 'zod';
import { type ConditionGroup, ConditionGroupSchema } from '../filters/condition-group.js';
import { PageQuerySchema, pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { WorkflowListPageSchema } from '../workflow-list/list-item.js';
import { MAX_ADVANCED_FILTERS_LENGTH, MAX_LIST_IDS, MAX_SEARCH_LENGTH } from '../workflow-list/list-query.js';
import { TagSegmentSchema } from '../workflows/field-schema.js';
import {
  MAX_OBJECT_FIELDS,
  ObjectTypeDefinitionSchema,
  RECORD_TITLE_MAX_LENGTH,
} from './object-type-schema.js';

// Issue 18 (plan §3.1): the records API. An object type is named by its tag in every path, as the
// web routes do (/records/{objectType}), so a link reads /records/supplier/42.
const base = '/api/v1';
export const RECORD_PATHS = {
  objectTypes: `${base}/object-types/`,
  objectType: (tag: string) => `${base}/object-types/${tag}/`,
  records: (tag: string) => `${base}/records/${tag}/`,
  // The data_object picker: titles only, visible records only.
  search: (tag: string) => `${base}/records/${tag}/search/`,
  record: (tag: string, id: number) => `${base}/records/${tag}/${id}/`,
  archive: (tag: string, id: number) => `${base}/records/${tag}/${id}/archive/`,
  restore: (tag: string, id: number) => `${base}/records/${tag}/${id}/restore/`,
  relatedRecords: (tag: string, id: number) => `${base}/records/${tag}/${id}/related-records/`,
  links: (tag: string, id: number) => `${base}/records/${tag}/${id}/links/`,
  link: (tag: string, id: number, linkId: number) => `${base}/records/${tag}/${id}/links/${linkId}/`,
  relatedWorkflows: (tag: string, id: number) => `${base}/records/${tag}/${id}/related-workflows/`,
  activity: (tag: string, id: number) => `${base}/records/${tag}/${id}/activity/`,
  // The record's comments (one thread per record, migration 0034).
  comments: (tag: string, id: number) => `${base}/records/${tag}/${id}/comments/`,
} as const;

// Bounds (STYLE rule 7).
export const RECORD_LIST_MAX_LIMIT = 100;
export const RECORD_SEARCH_MAX_LIMIT = 20;

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Stamp = text();
export const RecordPersonSchema = z.object({ id: Id, name: text(), email: text() });
export type RecordPerson = z.infer<typeof RecordPersonSchema>;
const PlaceSchema = z.object({ id: Id, name: text() });
// Answers by field tag, as validateAnswer stores them.
const ValuesSchema = z.record(TagSegmentSchema, z.unknown());

export const ObjectTypeParamsSchema = z.object({ tag: TagSegmentSchema });
export const RecordParamsSchema = z.object({ tag: TagSegmentSchema, id: IdParam });
export type RecordParams = z.infer<typeof RecordParamsSchema>;

export const ObjectTypeSummarySchema = z.object({
  id: Id,
  tag: text(),
  name: text(),
  version: z.number().int().min(1),
  has_region: z.boolean(),
  has_business_unit: z.boolean(),
  // The planner's estimate past the list's exact-count threshold (capped count).
  record_count_estimate: z.number().int().min(0),
});
export type ObjectTypeSummary = z.infer<typeof ObjectTypeSummarySchema>;
export const ObjectTypesSchema = z.object({ results: z.array(ObjectTypeSummarySchema) });
export type ObjectTypes = z.infer<typeof ObjectTypesSchema>;

export const ObjectTypeDetailSchema = z.object({
  id: Id,
  tag: text(),
  name: text(),
  version: z.number().int().min(1),
  definition: ObjectTypeDefinitionSchema,
});
export type ObjectTypeDetail = z.infer<typeof ObjectTypeDetailSchema>;

// Orderings: a record column, or a field's value (field__<tag>); '-' descends.
export const RECORD_LIST_ORDERINGS = ['title', 'created_at', 'updated_at', 'id'] as const;
export const DEFAULT_RECORD_ORDERING = '-created_at';
const RECORD_ORDERING_PATTERN = /^-?(?:title|created_at|updated_at|id|field__[a-z][a-z0-9_]{0,39})$/;

const idList = (name: string) =>
  text()
    .max(2000)
    .transform((raw, ctx) => {
      const parts = raw
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      if (parts.length > MAX_LIST_IDS) {
        ctx.addIssue({ code: 'custom', message: `Give at most ${MAX_LIST_IDS} ${name}.` });
        return z.NEVER;
      }
      if (!parts.every((p) => /^\d{1,15}$/.test(p))) {
        ctx.addIssue({ code: 'custom', message: `Give ${name} as ids separated by commas.` });
        return z.NEVER;
      }
      return parts.map(Number);
    });

const flag = z.enum(['true', 'false', '1', '0']).transform((raw) => raw === 'true' || raw === '1');

// GET records/:tag/ (plan §3.1). Query strings in, typed values out: a bad one answers 400 naming
// the parameter. advanced_filters is a ConditionGroup as JSON, checked against the type's catalogue
// (recordCatalogue) by the server, as the workflow list does.
export const RecordListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECORD_LIST_MAX_LIMIT).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  ordering: text()
    .regex(RECORD_ORDERING_PATTERN, 'Order by title, created_at, updated_at, id or field__<tag>.')
    .default(DEFAULT_RECORD_ORDERING),
  q: text().trim().max(MAX_SEARCH_LENGTH).optional(),
  region__in: idList('regions').optional(),
  business_unit__in: idList('business units').optional(),
  archived: flag.default(false),
  advanced_filters: text()
    .max(MAX_ADVANCED_FILTERS_LENGTH)
    .transform((raw, ctx): ConditionGroup => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'advanced_filters is not valid JSON.' });
        return z.NEVER;
      }
      const group = ConditionGroupSchema.safeParse(parsed);
      if (!group.success) {
        ctx.addIssue({ code: 'custom', message: 'advanced_filters is not a condition group.' });
        return z.NEVER;
      }
      return group.data;
    })
    .optional(),
});
export type RecordListQuery = z.infer<typeof RecordListQuerySchema>;
export type RecordListQueryInput = z.input<typeof RecordListQuerySchema>;

export const RecordListItemSchema = z.object({
  id: Id,
  title: text(),
  region: PlaceSchema.nullable(),
  business_unit: PlaceSchema.nullable(),
  // The list columns' values (recordListColumns), by field tag.
  values: ValuesSchema,
  created_at: Stamp,
  updated_at: Stamp,
  archived_at: Stamp.nullable(),
});
export type RecordListItem = z.infer<typeof RecordListItemSchema>;
// count_is_estimate: the count is the planner's estimate (above the exact limit), shown as "about"
// (issue 17's count rule, as the workflow list). The server always sends it; false by default so an
// answer without it reads as exact.
export const RecordsPageSchema = pageOf(RecordListItemSchema).extend({
  count_is_estimate: z.boolean().default(false),
});
export type RecordsPage = z.infer<typeof RecordsPageSchema>;

export const RecordSearchQuerySchema = z.object({
  q: text().trim().max(MAX_SEARCH_LENGTH).default(''),
  limit: z.coerce.number().int().min(1).max(RECORD_SEARCH_MAX_LIMIT).default(RECORD_SEARCH_MAX_LIMIT),
});
export type RecordSearchQuery = z.infer<typeof RecordSearchQuerySchema>;
export const RecordOptionSchema = z.object({ id: Id, title: text() });
export type RecordOption = z.infer<typeof RecordOptionSchema>;
export const RecordSearchResultSchema = z.object({ results: z.array(RecordOptionSchema) });
export type RecordSearchResult = z.infer<typeof RecordSearchResultSchema>;

export const RecordDetailSchema = z.object({
  id: Id,
  object_type: z.object({ id: Id, tag: text(), name: text() }),
  title: text(),
  values: ValuesSchema,
  region: PlaceSchema.nullable(),
  business_unit: PlaceSchema.nullable(),
  // Bumped on every change: an edit sends the one it read (stale_revision otherwise).
  revision: z.number().int().min(1),
  // The object type version the record was last validated against.
  version: z.number().int().min(1),
  created_by: RecordPersonSchema.nullable(),
  created_at: Stamp,
  updated_by: RecordPersonSchema.nullable(),
  updated_at: Stamp,
  archived_at: Stamp.nullable(),
  archived_by: RecordPersonSchema.nullable(),
});
export type RecordDetail = z.infer<typeof RecordDetailSchema>;

const PlaceId = Id.nullable();

// POST records/:tag/. The title is the title field's value; `title` is accepted for callers that
// send it apart, and must then equal that value or fill it.
export const CreateRecordRequestSchema = z
  .object({
    title: text().trim().min(1).max(RECORD_TITLE_MAX_LENGTH).optional(),
    values: ValuesSchema.refine(
      (values) => Object.keys(values).length <= MAX_OBJECT_FIELDS,
      `Give at most ${MAX_OBJECT_FIELDS} values.`,
    ),
    region_id: PlaceId.optional(),
    business_unit_id: PlaceId.optional(),
  })
  .strict();
export type CreateRecordRequest = z.infer<typeof CreateRecordRequestSchema>;

// PATCH records/:tag/:id/: only the values sent change; null clears one.
export const UpdateRecordRequestSchema = z
  .object({
    revision: z.number().int().min(1),
    values: ValuesSchema.refine(
      (values) => Object.keys(values).length <= MAX_OBJECT_FIELDS,
      `Give at most ${MAX_OBJECT_FIELDS} values.`,
    ).optional(),
    region_id: PlaceId.optional(),
    business_unit_id: PlaceId.optional(),
  })
  .strict();
export type UpdateRecordRequest = z.infer<typeof UpdateRecordRequestSchema>;

export const RelatedRecordsQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(RECORD_LIST_MAX_LIMIT).default(20),
  // One relation's records; without it, every relation's, both ways.
  relation: TagSegmentSchema.optional(),
});
export type RelatedRecordsQuery = z.infer<typeof RelatedRecordsQuerySchema>;

export const RelatedRecordSchema = z.object({
  // The record_links row: DELETE records/:tag/:id/links/:link_id/ removes it.
  link_id: Id,
  id: Id,
  title: text(),
  object_type: z.object({ tag: text(), name: text() }),
  relation_tag: text(),
  // The label in the definition of the type that owns the relation (the linking record's type).
  relation_label: text(),
  // 'outgoing': this record links to it; 'incoming': it links to this record.
  direction: z.enum(['outgoing', 'incoming']),
  archived: z.boolean(),
  linked_at: Stamp,
});
export type RelatedRecord = z.infer<typeof RelatedRecordSchema>;
export const RelatedRecordsPageSchema = pageOf(RelatedRecordSchema);

// The workflows whose data_object fields name the record, as the dashboard lists them (visible ones only).
export const RelatedWorkflowsPageSchema = WorkflowListPageSchema;

export const RecordLinkRequestSchema = z.object({ relation_tag: TagSegmentSchema, record_id: Id }).strict();
export type RecordLinkRequest = z.infer<typeof RecordLinkRequestSchema>;
export const RecordLinkParamsSchema = RecordParamsSchema.extend({ linkId: IdParam });
export type RecordLinkParams = z.infer<typeof RecordLinkParamsSchema>;
// POST records/:tag/:id/links/ answers the new link as the related-records tab lists it.
export const RecordLinkSchema = RelatedRecordSchema;

// Plan §1.4 record_activity.action.
export const RECORD_ACTIVITY_ACTIONS = [
  'created',
  'edited',
  'archived',
  'restored',
  'linked',
  'unlinked',
  'imported',
  'batch_updated',
  'import_undone',
  'update_undone',
] as const;
export type RecordActivityAction = (typeof RECORD_ACTIVITY_ACTIONS)[number];

// Before and after of one field; the title, region and business unit are logged under
// 'title', 'region' and 'business_unit'.
export const RecordFieldChangeSchema = z.object({
  field_tag: text(),
  before: z.unknown(),
  after: z.unknown(),
});
export type RecordFieldChange = z.infer<typeof RecordFieldChangeSchema>;

export const RecordActivitySchema = z.object({
  id: Id,
  action: z.enum(RECORD_ACTIVITY_ACTIONS),
  actor: RecordPersonSchema.nullable(),
  changes: z.array(RecordFieldChangeSchema),
  import_id: Id.nullable(),
  batch_update_id: Id.nullable(),
  created_at: Stamp,
});
export type RecordActivity = z.infer<typeof RecordActivitySchema>;
export const RecordActivityPageSchema = pageOf(RecordActivitySchema);
