import { z } from 'zod';
import { pageOf } from './pagination.js';
import { text } from './validators/input-limits.js';
import { AvailableStatusSchema } from './workflows/api.js';
import { TagSegmentSchema } from './workflows/field-schema.js';

// Issue 5: a user's own preferences (spec 2 §3.6 kinds) and recently viewed workflows (spec 1 §3, §7).
export const PREFERENCE_PATHS = {
  preferences: '/api/v1/user-preferences/',
  preference: (id: number) => `/api/v1/user-preferences/${id}/`,
  recentActivity: '/api/v1/user-recent-activity/',
  dashboardColumns: (scope: DashboardColumnsScope) => `/api/v1/user-preferences/dashboard-columns/${scope}/`,
} as const;

// Spec 2 §3.6: user preference kinds. Issue 18: saved_record_views are a records list's saved
// filters, kept per object type.
export const PREFERENCE_KINDS = [
  'favorite_reports',
  'pinned_workflows',
  'saved_filters',
  'saved_record_views',
] as const;
export const PreferenceKindSchema = z.enum(PREFERENCE_KINDS);
export type PreferenceKind = z.infer<typeof PreferenceKindSchema>;

// Bounds (STYLE rule 7): per user and kind, so a script cannot grow one user's rows without end.
export const PREFERENCES_PER_KIND_MAX = 50;
export const PREFERENCE_NAME_MAX_LENGTH = 100;
// Spec 1 §3 user recent activity: the server keeps the last 20 views per user.
export const RECENT_WORKFLOWS_KEPT = 20;

export const PREFERENCE_MESSAGES = {
  limitReached: `You can keep at most ${PREFERENCES_PER_KIND_MAX} of these. Delete one first.`,
  duplicateName: 'You already have one with this name.',
  tooManyColumnLayouts: 'You keep column choices for too many workflow kinds.',
} as const;

// Bounded to what a bigint id can be, so a kept id is always one the database can look up.
const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

// What each kind keeps. A saved filter is the dashboard's list state as its URL query (the encoded
// form of packages/shared/src/workflow-list), so applying one is navigating to it; the server checks it
// decodes to a valid list state before storing it.
export const SavedFilterValueSchema = z.object({ query: text().max(8000) }).strict();
export const PinnedWorkflowValueSchema = z.object({ workflow_id: Id }).strict();
export const FavoriteReportValueSchema = z.object({ report_id: Id }).strict();
// A records list's state as its URL query (RecordListQuerySchema), for one object type by tag.
export const SavedRecordViewValueSchema = z
  .object({ object_type: TagSegmentSchema, query: text().max(8000) })
  .strict();

export const PREFERENCE_VALUE_SCHEMAS = {
  saved_filters: SavedFilterValueSchema,
  pinned_workflows: PinnedWorkflowValueSchema,
  favorite_reports: FavoriteReportValueSchema,
  saved_record_views: SavedRecordViewValueSchema,
} as const satisfies Record<PreferenceKind, z.ZodType>;

export const PreferencesQuerySchema = z.object({
  kind: PreferenceKindSchema,
  limit: z.coerce.number().int().min(1).max(PREFERENCES_PER_KIND_MAX).default(PREFERENCES_PER_KIND_MAX),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type PreferencesQuery = z.infer<typeof PreferencesQuerySchema>;

export const CreatePreferenceRequestSchema = z
  .object({
    kind: PreferenceKindSchema,
    name: text().trim().min(1).max(PREFERENCE_NAME_MAX_LENGTH),
    // Checked against the kind's schema (PREFERENCE_VALUE_SCHEMAS) by the service.
    value: z.record(text(), z.unknown()),
  })
  .strict();
export type CreatePreferenceRequest = z.infer<typeof CreatePreferenceRequestSchema>;

export const PreferenceSchema = z.object({
  id: Id,
  kind: PreferenceKindSchema,
  name: text(),
  value: z.record(text(), z.unknown()),
  created_at: text(),
});
export type Preference = z.infer<typeof PreferenceSchema>;
export const PreferencesPageSchema = pageOf(PreferenceSchema);

export const PreferenceIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

export const RecentWorkflowSchema = z.object({
  id: Id,
  name: text(),
  kind: z.object({ id: Id, name: text() }),
  status: AvailableStatusSchema,
  viewed_at: text(),
});
export type RecentWorkflow = z.infer<typeof RecentWorkflowSchema>;

export const RecentActivitySchema = z.object({ recently_viewed_workflows: z.array(RecentWorkflowSchema) });
export type RecentActivity = z.infer<typeof RecentActivitySchema>;

export const RecordViewRequestSchema = z.object({ workflow_id: Id }).strict();

// Issue 14: the dashboard's columns a person chose (shown ones, in order), kept per user and per
// workflow kind: the scope is the kind's id, or 'all' for the list of every kind. Column ids are the
// list's (rank, name, status, lc_data keys, field__<tag>, created_at, ...).
export const DASHBOARD_COLUMNS_MAX = 60;
// Bounds the rows one user can make: more kinds than any tenant has.
export const DASHBOARD_COLUMN_SCOPES_MAX = 500;
export type DashboardColumnsScope = 'all' | number;
export const DashboardColumnsParamsSchema = z.object({
  scope: z.union([z.literal('all'), z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]),
});
export const DashboardColumnsSchema = z
  .object({
    // null: nothing kept, the dashboard's default set applies.
    columns: z.array(text().min(1).max(200)).max(DASHBOARD_COLUMNS_MAX).nullable(),
  })
  .strict();
export type DashboardColumns = z.infer<typeof DashboardColumnsSchema>;
export const SaveDashboardColumnsSchema = z
  .object({ columns: z.array(text().min(1).max(200)).min(1).max(DASHBOARD_COLUMNS_MAX) })
  .strict();
export type SaveDashboardColumns = z.infer<typeof SaveDashboardColumnsSchema>;
