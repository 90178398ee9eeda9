import { z } from 'zod';
import { ApiErrorSchema } from '../errors.js';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { ANSWER_ERROR_MESSAGES, type AnswerErrorCode } from './answer-errors.js';
import { RiskColorLabelSchema } from './definition-schema.js';

// The workflow engine's HTTP contract (issue 4): what the process page and the tests call. Ids are
// numbers; tags are the definition's tags (tags.ts). Paths keep the spec's trailing slash.
export const WORKFLOW_PATHS = {
  kinds: '/api/v1/workflow-kinds/',
  // The kinds the signed-in person may create, each with the places they may create it in.
  creatableKinds: '/api/v1/workflow-kinds/creatable/',
  statuses: '/api/v1/available-workflow-statuses/',
  workflows: '/api/v1/workflows/',
  workflow: (id: number) => `/api/v1/workflows/${id}/`,
  answer: (id: number) => `/api/v1/workflows/${id}/responses/`,
  submitStep: (id: number, step: string) => `/api/v1/workflows/${id}/steps/${step}/submit/`,
  undoStep: (id: number, step: string) => `/api/v1/workflows/${id}/steps/${step}/undo/`,
  lockStep: (id: number, step: string) => `/api/v1/workflows/${id}/steps/${step}/lock/`,
  stepUsers: (id: number, step: string) => `/api/v1/workflows/${id}/steps/${step}/users/`,
  stepUser: (id: number, step: string, assigneeId: number) =>
    `/api/v1/workflows/${id}/steps/${step}/users/${assigneeId}/`,
  archive: (id: number) => `/api/v1/workflows/${id}/archive/`,
  activity: (id: number) => `/api/v1/workflows/${id}/activity/`,
  childWorkflows: (id: number, field: string) => `/api/v1/workflows/${id}/fields/${field}/children/`,
  integrations: (id: number) => `/api/v1/workflows/${id}/integrations/`,
  getAnswer: '/api/v1/responses/get-answer/',
  dynamicLov: (id: number, field: string) => `/api/v2/dynamic_lov/workflow/${id}/${field}/`,
  upload: (id: number, field: string) => `/api/v1/workflows/${id}/fields/${field}/attachments/`,
  // Spec 1 §7: 'GET attachment download with uid query' answers attachment_url, the file itself.
  attachmentDownload: '/api/v1/attachments/download/',
  attachmentFile: (uid: string) => `/api/v1/attachments/${uid}/file/`,
} as const;

const Id = z.number().int();
const Stamp = text();
const PersonSchema = z.object({ id: Id, name: text(), email: text() });
export type Person = z.infer<typeof PersonSchema>;

// Spec 1 §3 Available status.
export const AvailableStatusSchema = z.object({
  id: Id,
  display_name: text(),
  color_code: text(),
  tag: text(),
});
export type AvailableStatus = z.infer<typeof AvailableStatusSchema>;
export const AvailableStatusesPageSchema = pageOf(AvailableStatusSchema);
export const AvailableStatusesQuerySchema = z.object({
  kind_id: z.coerce.number().int().min(1).optional(),
});

// Spec 1 §3 Workflow kind. field_tags_for_filter is filled by the dashboard (issue 5).
export const WorkflowKindSchema = z.object({
  id: Id,
  name: text(),
  tag: text(),
  icon: text().nullable(),
  features: z.array(text()),
  is_sorting_field_enabled: z.boolean(),
  is_related_kind: z.boolean(),
  available_statuses: z.array(AvailableStatusSchema),
  field_tags_for_filter: z.array(
    z.object({ tag: text(), options: z.array(z.object({ label: text(), value: text() })) }),
  ),
  // The definition version new workflows of the kind start with.
  current_version: z.number().int().nullable(),
});
export type WorkflowKind = z.infer<typeof WorkflowKindSchema>;
export const WorkflowKindsPageSchema = pageOf(WorkflowKindSchema);

// A region a person may create workflows in: without a business unit only with full access to the
// region itself; otherwise in the listed business units of it (full access to the region or to them).
export const CreatableRegionSchema = z.object({
  id: Id,
  name: text(),
  without_business_unit: z.boolean(),
  business_units: z.array(z.object({ id: Id, name: text() })),
});
export type CreatableRegion = z.infer<typeof CreatableRegionSchema>;

// A kind the signed-in person may create, with where (the create endpoint's own rule decides both).
export const CreatableKindSchema = z.object({
  id: Id,
  name: text(),
  tag: text(),
  icon: text().nullable(),
  regions: z.array(CreatableRegionSchema),
});
export type CreatableKind = z.infer<typeof CreatableKindSchema>;
export const CreatableKindsPageSchema = pageOf(CreatableKindSchema);

export const WORKFLOW_NAME_MAX_LENGTH = 200;

export const CreateWorkflowRequestSchema = z
  .object({
    kind_id: Id.min(1),
    name: text().trim().min(1, 'Enter a name.').max(WORKFLOW_NAME_MAX_LENGTH),
    region_id: Id.min(1),
    business_unit_id: Id.min(1).nullable().optional(),
    parent_id: Id.min(1).nullable().optional(),
  })
  .strict();
export type CreateWorkflowRequest = z.infer<typeof CreateWorkflowRequestSchema>;

export const WorkflowAlertSchema = z.object({
  id: Id,
  workflow_id: Id,
  rule_tag: text(),
  alert_tag: text(),
  cat_color_label: RiskColorLabelSchema,
  step_group_tag: text(),
  step_tag: text(),
  field_tag: text().nullable(),
  raised_at: Stamp,
});
export type WorkflowAlert = z.infer<typeof WorkflowAlertSchema>;

export const StepAssigneeSchema = z.object({
  // The step-user row, for removing it.
  id: Id,
  kind: z.enum(['user', 'group']),
  user_id: Id.nullable(),
  group_id: Id.nullable(),
  name: text(),
  email: text().nullable(),
});
export type StepAssignee = z.infer<typeof StepAssigneeSchema>;

export const IntegrationStateSchema = z.enum(['waiting', 'running', 'finished', 'failed']);
export type IntegrationState = z.infer<typeof IntegrationStateSchema>;

export const WorkflowStepSchema = z.object({
  tag: text(),
  step_group_tag: text(),
  state: z.enum(['hidden', 'completed', 'enabled', 'disabled']),
  is_locked: z.boolean(),
  initiated_at: Stamp.nullable(),
  completed_at: Stamp.nullable(),
  completed_by: PersonSchema.nullable(),
  submit_count: z.number().int(),
  assignees: z.array(StepAssigneeSchema),
  // Spec 2 §3.2, from timing.ts.
  cycle_time: z.number().nullable(),
  ageing: z.number().nullable(),
  is_cycle_running: z.boolean(),
  sla_breach_time: Stamp.nullable(),
  is_sla_breached: z.boolean(),
  overdue_days: z.number().int(),
  // The step is the signed-in user's to do: open, and assigned to them or one of their groups.
  is_my_task: z.boolean(),
  // The signed-in user may add and remove this step's assignees (issue 12: its own assignees, members
  // of its assigned groups, holders of 'Can undo a step'); anyone may still take themselves off it.
  can_change_assignees: z.boolean(),
  integration: z.object({ state: IntegrationStateSchema, connector: text() }).nullable(),
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

export const AnswerMetaSchema = z.object({
  version: z.number().int(),
  answered_by: PersonSchema.nullable(),
  answered_at: Stamp,
});

// What the signed-in user may do on this workflow: permissions and region/BU access combined.
export const WorkflowAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_submit: z.boolean(),
  can_undo: z.boolean(),
  can_archive: z.boolean(),
  can_view_activity_log: z.boolean(),
  can_view_progress_map: z.boolean(),
});
export type WorkflowAbilities = z.infer<typeof WorkflowAbilitiesSchema>;

const WorkflowRefSchema = z.object({ id: Id, name: text() });

// Issue 18: the record a data_object answer names, with its title only when the viewer may see the
// record (a record out of their places is shown as not visible, never named).
export const AnswerRecordSchema = z.object({ id: Id, title: text().nullable(), visible: z.boolean() });
export type AnswerRecord = z.infer<typeof AnswerRecordSchema>;

export const WorkflowDetailSchema = z.object({
  id: Id,
  name: text(),
  kind: z.object({ id: Id, tag: text(), name: text(), icon: text().nullable() }),
  definition_id: Id,
  definition_version: z.number().int(),
  // The WorkflowDefinition JSON the workflow runs on (parsed by the web app with its schema).
  definition: z.unknown(),
  status: AvailableStatusSchema,
  region: WorkflowRefSchema,
  business_unit: WorkflowRefSchema.nullable(),
  parent: WorkflowRefSchema.nullable(),
  children: z.array(
    WorkflowRefSchema.extend({ kind_name: text(), status: AvailableStatusSchema, progress: z.number() }),
  ),
  progress: z.number().int(),
  is_locked: z.boolean(),
  archived_at: Stamp.nullable(),
  // Issue 15: a test workflow's environment (DEVELOPMENT, QA, STAGING or UAT), so its page can say
  // so; null (or absent) for Production's workflows.
  test_environment: z.enum(['DEVELOPMENT', 'QA', 'STAGING', 'UAT']).nullable().optional(),
  created_at: Stamp,
  created_by: PersonSchema.nullable(),
  cycle_time: z.number().nullable(),
  ageing: z.number().nullable(),
  answers: z.record(text(), z.unknown()),
  answer_meta: z.record(text(), AnswerMetaSchema),
  // By field tag, for the answered data_object fields (optional: older clients and fixtures).
  answer_records: z.record(text(), AnswerRecordSchema).optional(),
  visible_fields: z.array(text()),
  steps: z.array(WorkflowStepSchema),
  alerts: z.array(WorkflowAlertSchema),
  abilities: WorkflowAbilitiesSchema,
});
export type WorkflowDetail = z.infer<typeof WorkflowDetailSchema>;

export const AnswerRequestSchema = z
  .object({
    field_tag: text().min(1).max(200),
    // null clears the answer.
    value: z.unknown(),
  })
  .strict();
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

export const LockStepRequestSchema = z.object({ is_locked: z.boolean() }).strict();

export const AddStepUserRequestSchema = z
  .object({ user_id: Id.min(1).optional(), group_id: Id.min(1).optional() })
  .strict()
  .refine((body) => (body.user_id === undefined) !== (body.group_id === undefined), {
    message: 'Give either user_id or group_id.',
  });
export const StepUsersSchema = z.object({ results: z.array(StepAssigneeSchema) });

export const CreateChildWorkflowRequestSchema = z
  .object({ name: text().trim().min(1).max(WORKFLOW_NAME_MAX_LENGTH).optional() })
  .strict();
export const ChildWorkflowCreatedSchema = z.object({
  child: WorkflowRefSchema,
  workflow: WorkflowDetailSchema,
});

// Spec 2 §3.11 timeline action types.
export const ACTIVITY_ACTIONS = [
  'viewed',
  'edited',
  'updated',
  'submitted',
  'undo',
  'queued',
  'delivered',
  'bounced',
  'deferred',
  'performed',
  'created',
  'deleted',
  'added',
  'removed',
] as const;
export const ActivityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof ActivityActionSchema>;

// One entry of the activity log. `event` says precisely what happened (answer_saved, step_submitted,
// status_changed, step_user_added, archived...); `action` is its timeline type, for icon and colour.
export const ActivityEntrySchema = z.object({
  id: Id,
  action: ActivityActionSchema,
  event: text(),
  actor: PersonSchema.nullable(),
  step_tag: text().nullable(),
  field_tag: text().nullable(),
  details: z.record(text(), z.unknown()),
  created_at: Stamp,
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
export const ActivityPageSchema = pageOf(ActivityEntrySchema);

export const GetAnswerQuerySchema = z.object({
  workflow_id: z.coerce.number().int().min(1),
  field_tag: text().min(1).max(200),
});
export const GetAnswerResponseSchema = z.object({ answer: z.unknown() });

export const DynamicOptionSchema = z.object({ label: text(), value: text() });
export const DynamicOptionsSchema = z.object({ results: z.array(DynamicOptionSchema) });

// The answer a file upload creates; the field's answer stores it (answer-validation-files.ts).
export const UploadedFileSchema = z.object({
  id: Id,
  uid: text(),
  name: text(),
  size: z.number().int(),
  content_type: text(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const AttachmentDownloadQuerySchema = z.object({
  workflow_id: z.coerce.number().int().min(1),
  field_tag: text().min(1).max(200),
  uid: text().max(100).optional(),
});
export const AttachmentDownloadSchema = z.object({ attachment_url: text() });

// Spec 1 §8 Download: the user message of each refusal.
export const DOWNLOAD_MESSAGES = {
  noAccess: 'Invalid workflow or you do not have permissions to access the file',
  noData: 'No attachment data found to download',
  uidMissing: 'UID missing. Please contact your administrator or support team',
  unknown: 'An unknown error occurred!',
  unknownHint: 'Please reach out to your administrator or support team',
} as const;

export const IntegrationRunSchema = z.object({
  id: Id,
  step_tag: text(),
  field_tag: text().nullable(),
  connector: text(),
  state: IntegrationStateSchema,
  result: z.unknown(),
  error: text().nullable(),
  created_at: Stamp,
  finished_at: Stamp.nullable(),
});
export type IntegrationRun = z.infer<typeof IntegrationRunSchema>;
export const IntegrationRunsSchema = pageOf(IntegrationRunSchema);

// A refused answer, submission or undo: the sentence, a stable code, and per field the answer errors
// with their codes and params so the web app shows each one translated next to its field.
export const AnswerErrorSchema = z.object({
  code: z.enum(Object.keys(ANSWER_ERROR_MESSAGES) as [AnswerErrorCode, ...AnswerErrorCode[]]),
  params: z.record(text(), z.union([text(), z.number()])),
  message: text(),
});
export const WorkflowErrorSchema = ApiErrorSchema.extend({
  problems: z.array(z.object({ field_tag: text(), errors: z.array(AnswerErrorSchema) })).optional(),
});
export type WorkflowError = z.infer<typeof WorkflowErrorSchema>;

// The server's refusals of workflow actions beyond the engine's own (answer-edits.ts, progression.ts):
// `code` is the key, `detail` the sentence; the web app translates by code.
export const WORKFLOW_MESSAGES = {
  kind_not_found: 'This workflow kind does not exist or has no published definition.',
  region_not_found: 'This region does not exist.',
  business_unit_not_in_region: 'This business unit does not belong to the region.',
  no_place_access: 'You cannot create workflows in this region or business unit.',
  parent_not_found: 'The parent workflow does not exist.',
  workflow_archived: 'This workflow is archived and can no longer be changed.',
  already_archived: 'This workflow is already archived.',
  read_only: 'You can view this workflow but not change it.',
  step_locked: 'This step is locked. Unlock it to change its answers or submit it.',
  user_not_found: 'This user does not exist.',
  group_not_found: 'This group does not exist.',
  already_assigned: 'This assignee is already on the step.',
  assignee_not_found: 'This assignee is not on the step.',
  assignees_not_allowed:
    "Only this step's assignees, members of its assigned groups and people who may undo steps can change who it is assigned to.",
  not_child_field: 'This field does not start child workflows.',
  child_kind_missing: 'The kind of workflow this field starts is not published.',
  no_list_of_values: 'This field has no list of values.',
  invalid_definition: 'The workflow definition is invalid.',
} as const;
export type WorkflowMessageCode = keyof typeof WORKFLOW_MESSAGES;
