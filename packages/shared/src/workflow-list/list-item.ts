import { z } from 'zod';
import { BadgeChipSchema } from '../badges/definitions.js';
import { FilterAttributeSchema } from '../filters/catalogue.js';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { WorkflowListQuerySchema } from './list-query.js';

const Id = z.number().int();

// Spec 1 §3 lc_data: the list's extra columns. Ours, in order: region, business unit, created by,
// then the kind's first three required answerable fields that hold an answer (docs/dashboard.md).
// A fixed column has a translation key in translated_label; a field column its definition label.
export const LC_DISPLAY_TYPES = ['text', 'number', 'date', 'boolean', 'choice', 'user', 'place'] as const;
export const LcDataItemSchema = z.object({
  key: text(),
  value: text().nullable(),
  label: text().nullable(),
  translated_label: text().nullable(),
  display_type: z.enum(LC_DISPLAY_TYPES),
  // A date column's format (spec 1 §9 YYYY-MM-DD); null otherwise.
  format: text().nullable(),
});
export type LcDataItem = z.infer<typeof LcDataItemSchema>;

// Spec 1 §3 workflow_family: the parents (grandparent first) with name and id, then the workflow
// itself. Relation labels (Parent, Children, Grandchildren) are the web's.
export const FamilyMemberSchema = z.object({
  id: Id,
  name: text(),
  relation: z.enum(['parent', 'self']),
});

// Spec 1 §3 alerts. Our steps, step groups and fields are named by tag, so step_id, step_group_id and
// field_id hold tags.
export const ListAlertSchema = z.object({
  id: Id,
  field_id: text().nullable(),
  step_id: text(),
  step_group_id: text(),
  workflow_id: Id,
  cat_color_label: z.enum(['R', 'A', 'G']),
  alert_tag: text(),
});

export const WorkflowListItemSchema = z.object({
  id: Id,
  name: text(),
  created_at: text(),
  updated_at: text(),
  // The value the list is ordered by when ordering by an answer (ordering=field__<tag>); else null.
  sorting_primary_field: text().nullable(),
  lc_data: z.array(LcDataItemSchema),
  workflow_family: z.array(FamilyMemberSchema),
  alerts: z.array(ListAlertSchema),
  // Issue 19: the badges the workflow holds, in tag order (a list's badges column shows them).
  badges: z.array(BadgeChipSchema).optional(),
  status: z.object({ id: Id, tag: text(), display_name: text(), color_code: text() }),
  progress: z.number().int(),
  kind: z.object({ id: Id, name: text(), tag: text() }),
  region: z.object({ id: Id, name: text() }),
  business_unit: z.object({ id: Id, name: text() }).nullable(),
  // Issue 15: a test workflow's environment, listed only when asked for (environment=...); null for
  // Production's.
  test_environment: z.enum(['DEVELOPMENT', 'QA', 'STAGING', 'UAT']).nullable().optional(),
  // Spec 1 §4: from the page, the index and the direction: 1, 2, 3 ascending; count, count-1 ...
  // descending.
  rank: z.number().int(),
});
export type WorkflowListItem = z.infer<typeof WorkflowListItemSchema>;

export const WorkflowListPageSchema = z.object({
  results: z.array(WorkflowListItemSchema),
  count: z.number().int(),
  // True when count is the planner's estimate (above COUNT_EXACT_LIMIT matches).
  count_is_estimate: z.boolean(),
  next: text().nullable(),
  previous: text().nullable(),
});
export type WorkflowListPage = z.infer<typeof WorkflowListPageSchema>;

// Counts are exact up to this many matches, then estimated from the planner.
export const COUNT_EXACT_LIMIT = 10_000;

// Each count follows the count rule: exact up to COUNT_EXACT_LIMIT, then estimated.
export const StepgroupCountSchema = z.object({
  step_group_tag: text(),
  name: text(),
  count: z.number().int(),
  count_is_estimate: z.boolean(),
});
export const KindCountsSchema = z.object({ stepgroupdef_counts: z.array(StepgroupCountSchema) });
export type KindCounts = z.infer<typeof KindCountsSchema>;

// GET workflow-kinds/counts/: the dashboard sidebar's workflows per kind under the list's filters.
// The list's query without its kind parameters (every kind is counted); ordering and paging are
// accepted so a list URL can be sent as is, and ignored.
export const KindWorkflowCountsQuerySchema = WorkflowListQuerySchema.omit({
  kind_id: true,
  kind_id__in: true,
  include_kind_children: true,
});
export type KindWorkflowCountsQuery = z.infer<typeof KindWorkflowCountsQuerySchema>;

// Spec 1 §7 workflow-kinds/{id}/count/?type=stepgroup: the task queues of a kind. Like the kind
// counts, the queue and alert counts follow the list's filters (its query without the kind
// parameters), so the whole sidebar counts what the list would show (issue 14).
export const KindCountQuerySchema = KindWorkflowCountsQuerySchema.extend({ type: z.enum(['stepgroup']) });
export type KindCountQuery = z.infer<typeof KindCountQuerySchema>;
export const KindAlertCountQuerySchema = KindWorkflowCountsQuerySchema;
// Every kind with a current definition, zero included; each count follows the count rule.
export const KindWorkflowCountSchema = z.object({
  kind_id: Id,
  count: z.number().int(),
  count_is_estimate: z.boolean(),
});
export const KindWorkflowCountsSchema = z.object({ results: z.array(KindWorkflowCountSchema) });
export type KindWorkflowCounts = z.infer<typeof KindWorkflowCountsSchema>;

// Spec 1 §7 workflow-kinds/{id}/alert-count/: open alerts per tag and colour.
export const AlertDetailSchema = z.object({
  alert_tag: text(),
  cat_color_label: z.enum(['R', 'A', 'G']),
  count: z.number().int(),
  count_is_estimate: z.boolean(),
});
export const KindAlertCountsSchema = z.object({ alert_details: z.array(AlertDetailSchema) });
export type KindAlertCounts = z.infer<typeof KindAlertCountsSchema>;

// Spec 1 §7 fields/export-json/?active_kind=: the advanced-filter field data of a kind.
export const FieldsExportQuerySchema = z.object({ active_kind: z.coerce.number().int().min(1) });
export const FieldsExportSchema = z.object({
  results: z.array(FilterAttributeSchema),
  count: z.number().int(),
});
export type FieldsExport = z.infer<typeof FieldsExportSchema>;

// A refused advanced filter: every problem with its path and key (validateConditionGroup).
export const FilterErrorSchema = z.object({
  detail: text(),
  code: text(),
  errors: z.record(text(), z.array(text())).optional(),
  problems: z
    .array(
      z.object({
        path: text(),
        key: text(),
        params: z.record(text(), z.union([text(), z.number()])).optional(),
      }),
    )
    .optional(),
});

// Spec 1 §7 extra-json/user_group_list/: the tenant's groups, for the my-tasks group filter.
export const UserGroupOptionSchema = z.object({ id: Id, name: text() });
export const UserGroupListSchema = pageOf(UserGroupOptionSchema);
export type UserGroupList = z.infer<typeof UserGroupListSchema>;
