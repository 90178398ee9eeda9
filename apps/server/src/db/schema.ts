import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// Kysely's view of the tables created by the migrations in ./migrations.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type TenantsTable = {
  id: Generated<string>;
  slug: string;
  name: string;
  brand: string;
  created_at: CreatedAt;
};

export type TenantConfigurationsTable = {
  tenant_id: string;
  logo: string | null;
  supported_languages: ColumnType<string[], string[] | undefined, string[]>;
  default_language: Generated<string>;
  custom_ui_labels: Json<Record<string, unknown>>;
  feature_toggles: Json<Record<string, boolean>>;
  support_links: Json<{ label: string; url: string }[]>;
  is_maintenance_mode_enabled: Generated<boolean>;
  message_on_maintenance_page: string | null;
  maintenance_end_time: Date | null;
  report_embed_url: string | null;
  require_mfa: Generated<boolean>;
  captcha_enabled: Generated<boolean>;
  hcaptcha_site_key: string | null;
  hcaptcha_secret_encrypted: string | null;
  session_idle_minutes: Generated<number>;
  session_absolute_hours: Generated<number>;
  // Migration 0040 (issue 19): the name people see, and the uploaded logo's file.
  display_name: string | null;
  logo_storage_key: string | null;
  logo_content_type: string | null;
  updated_at: UpdatedAt;
};

export type UsersTable = {
  tenant_id: string;
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  kind: Generated<number>;
  prefered_language: string | null;
  timezone: string | null;
  is_active: Generated<boolean>;
  user_profile_workflow_id: string | null;
  password_changed_at: Date | null;
  invited_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GroupsTable = { tenant_id: string; id: Generated<string>; name: string; created_at: CreatedAt };
export type GroupPermissionsTable = { tenant_id: string; group_id: string; codename: string };
export type UserGroupsTable = { tenant_id: string; user_id: string; group_id: string };
export type UserPermissionsTable = { tenant_id: string; user_id: string; codename: string };

// Migration 0041: an archived place is offered for no new choice; what lies in it keeps its name.
export type RegionsTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
  archived_at: Date | null;
  archived_by: string | null;
};
export type BusinessUnitsTable = {
  tenant_id: string;
  id: Generated<string>;
  region_id: string;
  name: string;
  created_at: CreatedAt;
  archived_at: Date | null;
  archived_by: string | null;
};

export type SessionsTable = {
  tenant_id: string;
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string;
  csrf_token: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Date;
  auth_method: Generated<string>;
  mfa_verified: Generated<boolean>;
  mfa_enrolment_required: Generated<boolean>;
  impersonator_user_id: string | null;
  impersonator_session_id: string | null;
};

export type UserTotpTable = {
  tenant_id: string;
  user_id: string;
  secret_encrypted: string;
  confirmed_at: Date | null;
  last_used_step: string | null;
  created_at: CreatedAt;
};

export type UserRecoveryCodesTable = {
  tenant_id: string;
  user_id: string;
  code_hash: Buffer;
  used_at: Date | null;
  created_at: CreatedAt;
};

export type AuthChallengesTable = {
  tenant_id: string;
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string;
  first_factor: string;
  next_path: string | null;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type OneTimeTokenPurpose =
  | 'login_code'
  | 'magic_link'
  | 'claim_token'
  | 'invitation'
  | 'password_reset';

export type OneTimeTokensTable = {
  tenant_id: string;
  id: Generated<string>;
  purpose: OneTimeTokenPurpose;
  token_hash: Buffer;
  user_id: string;
  mfa_verified: Generated<boolean>;
  next_path: string | null;
  attempts: Generated<number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type OutboxEmailsTable = {
  tenant_id: string;
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'queued' | 'sent' | 'failed' | 'kept'>;
  error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  // Migration 0015: files sent with the message (content in base64).
  attachments: ColumnType<OutboxAttachment[], string | undefined, string>;
};
export type OutboxAttachment = { filename: string; content_type: string; content_base64: string };

export type SignInThrottlesTable = {
  tenant_id: string;
  key: string;
  failures: Generated<number>;
  first_failure_at: Generated<Date>;
  last_failure_at: Generated<Date>;
  locked_until: Date | null;
};

export type SsoProvidersTable = {
  tenant_id: string;
  id: Generated<string>;
  slug: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  allowed_email_domains: ColumnType<string[], string[] | undefined, string[]>;
  default_group_id: string | null;
  logout_redirect_url: string | null;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
};

export type UserIdentitiesTable = {
  tenant_id: string;
  provider_id: string;
  subject: string;
  user_id: string;
  email: string;
  created_at: CreatedAt;
};

export type SsoLoginStatesTable = {
  tenant_id: string;
  id: Generated<string>;
  state_hash: Buffer;
  provider_id: string;
  nonce: string;
  code_verifier: string;
  next_path: string | null;
  popup: Generated<boolean>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
};

export type AuditEventsTable = {
  tenant_id: string;
  id: Generated<string>;
  action: string;
  actor_user_id: string | null;
  target_user_id: string | null;
  details: Json<Record<string, unknown>>;
  ip_address: string | null;
  created_at: CreatedAt;
};

// Issue 19: integration tokens (migration 0043); only the secret's SHA-256 is kept.
export type ApiTokensTable = {
  tenant_id: string;
  id: Generated<string>;
  public_id: string;
  name: string;
  created_by: string;
  scopes: string[];
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
};

export type AccessLevel = 'read' | 'full';
export type UserRegionAccessTable = {
  tenant_id: string;
  user_id: string;
  region_id: string;
  access: AccessLevel;
};
export type UserBusinessUnitAccessTable = {
  tenant_id: string;
  user_id: string;
  business_unit_id: string;
  access: AccessLevel;
};

// Issue 4: the workflow engine (migration 0007).
export type WorkflowKindsTable = {
  tenant_id: string;
  id: Generated<string>;
  tag: string;
  name: string;
  icon: string | null;
  features: ColumnType<string[], string | undefined, string>;
  is_sorting_field_enabled: Generated<boolean>;
  is_related_kind: Generated<boolean>;
  current_definition_id: string | null;
  created_at: CreatedAt;
};

export type WorkflowDefinitionsTable = {
  tenant_id: string;
  id: Generated<string>;
  kind_id: string;
  version: number;
  // The JSON of WorkflowDefinitionSchema, validated before it is stored.
  definition: Json<unknown>;
  published_by: string | null;
  published_at: CreatedAt;
  // Issue 15: a studio deployment's test definition (never a kind's current one); null for Production.
  test_environment: ColumnType<
    TestEnvironment | null,
    TestEnvironment | null | undefined,
    TestEnvironment | null
  >;
};

export type WorkflowStatusesTable = {
  tenant_id: string;
  id: Generated<string>;
  kind_id: string;
  tag: string;
  display_name: string;
  // Locale code -> the name in that language (issue 14); '{}' when none were given.
  display_name_translations: ColumnType<Record<string, string>, string | undefined, string>;
  color_code: string;
  position: Generated<number>;
};

export type WorkflowsTable = {
  tenant_id: string;
  id: Generated<string>;
  kind_id: string;
  definition_id: string;
  name: string;
  status_id: string;
  region_id: string;
  business_unit_id: string | null;
  parent_id: string | null;
  parent_field_tag: string | null;
  progress: Generated<number>;
  completed_steps: ColumnType<string[], string[] | undefined, string[]>;
  is_locked: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  cycle_start: ColumnType<Date, Date | string | undefined, Date | string>;
  cycle_end: Date | null;
  archived_at: Date | null;
  archived_by: string | null;
  // Issue 15: a test workflow's environment; null for Production's (everyone's) workflows.
  test_environment: ColumnType<
    TestEnvironment | null,
    TestEnvironment | null | undefined,
    TestEnvironment | null
  >;
  // Migration 0035: the batch import and staged row that created it (the import's idempotency key).
  import_id: string | null;
  import_row: number | null;
};

export type StepState = 'hidden' | 'completed' | 'enabled' | 'disabled';
export type WorkflowStepsTable = {
  tenant_id: string;
  workflow_id: string;
  step_tag: string;
  step_group_tag: string;
  position: number;
  state: StepState;
  is_locked: Generated<boolean>;
  initiated_at: Date | null;
  completed_at: Date | null;
  completed_by: string | null;
  submit_count: Generated<number>;
  sla_hours: number | null;
  sla_breach_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

// Migration 0017: a step group's cycle per workflow, written only by triggers on workflow_steps.
export type WorkflowStepGroupCyclesTable = {
  tenant_id: string;
  workflow_id: string;
  step_group_tag: string;
  cycle_start: Date | null;
  last_completed: Date | null;
  running: boolean;
};

// Issue 17: report rollups (migration 0029), kept by triggers; the engine reads them (engine/rollups.ts).
export type ReportRollupFieldsTable = {
  tenant_id: string;
  kind_id: string;
  field_tag: string;
  role: 'dimension' | 'measure';
};

export type ReportWorkflowCountsTable = {
  tenant_id: string;
  kind_id: string;
  status_id: string;
  region_id: string;
  business_unit_id: string | null;
  test_environment: TestEnvironment | null;
  day: Date;
  shard: number;
  n: string;
};

export type ReportAnswerRollupsTable = {
  tenant_id: string;
  kind_id: string;
  status_id: string;
  region_id: string;
  business_unit_id: string | null;
  test_environment: TestEnvironment | null;
  shard: number;
  dim_tag: string;
  dim_value: string | null;
  measure_tag: string;
  n: string;
  total: string;
};

export type ReportCycleRollupsTable = {
  tenant_id: string;
  kind_id: string;
  status_id: string;
  region_id: string;
  business_unit_id: string | null;
  test_environment: TestEnvironment | null;
  shard: number;
  step_group_tag: string;
  finished_n: string;
  finished_sum: string;
  finished_min: string | null;
  finished_max: string | null;
  running_n: string;
  running_start_sum: string;
  idle_n: string;
  idle_start_sum: string;
};

export type WorkflowStepUsersTable = {
  tenant_id: string;
  id: Generated<string>;
  workflow_id: string;
  step_tag: string;
  user_id: string | null;
  group_id: string | null;
  added_by: string | null;
  created_at: CreatedAt;
};

export type WorkflowResponsesTable = {
  tenant_id: string;
  id: Generated<string>;
  workflow_id: string;
  field_tag: string;
  step_tag: string;
  version: number;
  value: Json<unknown> | null;
  text_value: string | null;
  // double precision (migration 0011): a JavaScript number both ways.
  number_value: number | null;
  date_value: ColumnType<string | null, string | null, string | null>;
  is_current: Generated<boolean>;
  answered_by: string | null;
  answered_at: CreatedAt;
};

// Issue 17 (migration 0045): each current date answer with its workflow's creation time, written only
// by workflow_responses' triggers; the list's day walk reads it (answer-day-walk.ts).
export type WorkflowAnswerDaysTable = {
  tenant_id: string;
  workflow_id: string;
  field_tag: string;
  date_value: DateOnly;
  workflow_created_at: Date;
};

export type WorkflowAlertsTable = {
  tenant_id: string;
  id: Generated<string>;
  workflow_id: string;
  rule_tag: string;
  alert_tag: string;
  cat_color_label: 'R' | 'A' | 'G';
  step_group_tag: string;
  step_tag: string;
  field_tag: string | null;
  raised_at: CreatedAt;
  resolved_at: Date | null;
};

export type WorkflowActivityTable = {
  tenant_id: string;
  id: Generated<string>;
  workflow_id: string;
  action: string;
  actor_user_id: string | null;
  step_tag: string | null;
  field_tag: string | null;
  details: Json<Record<string, unknown>>;
  created_at: CreatedAt;
};

export type AttachmentsTable = {
  tenant_id: string;
  id: Generated<string>;
  uid: Generated<string>;
  workflow_id: string;
  field_tag: string;
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  sha256: string;
  storage_key: string;
  uploaded_by: string | null;
  created_at: CreatedAt;
};

export type IntegrationRunState = 'waiting' | 'running' | 'finished' | 'failed';
export type IntegrationRunsTable = {
  tenant_id: string;
  id: Generated<string>;
  workflow_id: string;
  step_tag: string;
  field_tag: string | null;
  connector: string;
  state: IntegrationRunState;
  result: Json<unknown> | null;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
};

// Issue 5: a user's own preferences and recently viewed workflows (migration 0010).
export type UserPreferencesTable = {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  kind: string;
  name: string;
  value: Json<Record<string, unknown>>;
  created_at: CreatedAt;
};
export type DashboardsTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type ReportsTable = {
  tenant_id: string;
  id: Generated<string>;
  dashboard_id: string | null;
  name: string;
  description: Generated<string>;
  report_kind: string;
  chart_type: string;
  config: Json<unknown>;
  position: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
// Issue 7: a report e-mailed as CSV on a schedule, and its recipients (migration 0015).
export type ReportSubscriptionFrequency = 'daily' | 'weekly' | 'monthly';
export type ReportSubscriptionsTable = {
  tenant_id: string;
  id: Generated<string>;
  report_id: string;
  owner_id: string | null;
  frequency: ReportSubscriptionFrequency;
  time_of_day: string;
  weekday: number | null;
  day_of_month: number | null;
  time_zone: string;
  subject: Generated<string>;
  message: Generated<string>;
  active: Generated<boolean>;
  next_run_at: Date;
  last_sent_at: Date | null;
  last_status: 'sent' | 'failed' | null;
  last_error: string | null;
  last_skipped: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type ReportSubscriptionRecipientsTable = {
  tenant_id: string;
  subscription_id: string;
  user_id: string;
};
// Migration 0044 (issue 19): scheduled exports and their runs; secrets_sealed is the secret box's.
export type ScheduledExportsTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  owner_id: string | null;
  source: ColumnType<Record<string, unknown>, string, string>;
  format: 'csv' | 'xlsx';
  frequency: ReportSubscriptionFrequency;
  time_of_day: string;
  weekday: number | null;
  day_of_month: number | null;
  time_zone: string;
  destination_kind: 'email' | 'sftp' | 's3';
  destination: ColumnType<Record<string, unknown>, string, string>;
  secrets_sealed: string | null;
  enabled: Generated<boolean>;
  next_run_at: Date;
  last_run_at: Date | null;
  last_outcome: 'queued' | 'running' | 'succeeded' | 'failed' | null;
  last_message: string | null;
  last_rows: ColumnType<string | null, number | null, number | null>;
  last_bytes: ColumnType<string | null, number | null, number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type ScheduledExportRunsTable = {
  tenant_id: string;
  id: Generated<string>;
  schedule_id: string;
  trigger: 'schedule' | 'manual';
  due_at: Date;
  state: ColumnType<
    'queued' | 'running' | 'succeeded' | 'failed',
    'queued' | undefined,
    'queued' | 'running' | 'succeeded' | 'failed'
  >;
  attempts: Generated<number>;
  message: string | null;
  rows: ColumnType<string | null, number | null | undefined, number | null>;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
  file_name: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
};
export type UserRecentWorkflowsTable = {
  tenant_id: string;
  user_id: string;
  workflow_id: string;
  viewed_at: Date;
};

// Issue 6: threads, messages and mentions (migration 0012).
export type ThreadsTable = {
  tenant_id: string;
  id: Generated<string>;
  // Exactly one of workflow_id and record_id (migration 0034: record comments).
  workflow_id: string | null;
  record_id: string | null;
  step_tag: string | null;
  field_tag: string | null;
  created_by: string | null;
  created_at: CreatedAt;
};
export type MessagesTable = {
  tenant_id: string;
  id: Generated<string>;
  thread_id: string;
  // Null for a message an integration run posted (migration 0013).
  author_id: string | null;
  integration_run_id: string | null;
  body: string;
  created_at: CreatedAt;
  edited_at: Date | null;
  deleted_at: Date | null;
};
export type MentionsTable = {
  tenant_id: string;
  id: Generated<string>;
  message_id: string;
  user_id: string;
  is_read: Generated<boolean>;
  read_at: Date | null;
  created_at: CreatedAt;
};

// Issue 6: thread subscriptions, comment e-mails waiting to go, notifications (migration 0013).
export type ThreadSubscriptionsTable = {
  tenant_id: string;
  id: Generated<string>;
  thread_id: string;
  user_id: string;
  subscribed: boolean;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};
export type ThreadEmailItemsTable = {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  message_id: string;
  reason: 'subscribed' | 'mentioned';
  created_at: CreatedAt;
  sent_at: Date | null;
};
export type NotificationsTable = {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  kind: string;
  event_group: string;
  outcome: 'queued' | 'started' | 'finished' | 'completed' | 'failed' | null;
  level: 'info' | 'success' | 'warning' | 'error';
  actor_id: string | null;
  workflow_id: string | null;
  params: Json<Record<string, string | number | null>>;
  link: string | null;
  read_at: Date | null;
  created_at: CreatedAt;
};

// Issue 5: exports of the workflow list, written by a job (migration 0009).
export type WorkflowExportFormat = 'csv' | 'xlsx';
export type WorkflowExportState = 'queued' | 'running' | 'finished' | 'failed';
export type WorkflowExportsTable = {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  kind_id: string;
  params: Json<Record<string, unknown>>;
  format: WorkflowExportFormat;
  state: Generated<WorkflowExportState>;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  file_name: string;
  storage_key: string | null;
  size_bytes: ColumnType<string | null, number | string | null, number | string | null>;
  error: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
  requeued_at: Date | null;
};

// Platform, not tenant data: one row per job a worker is running (migration 0018).
export type JobLeasesTable = {
  queue: string;
  job_id: string;
  attempt: number;
  worker_id: string;
  heartbeat_at: Generated<Date>;
};

// Issue 15: the studio (migration 0020).
export type StudioStage = 'draft' | 'rft' | 'deployed' | 'ARCHIVE';
export type StudioEnvironment = 'DEVELOPMENT' | 'QA' | 'STAGING' | 'UAT' | 'PRODUCTION';
// The environments test workflows run in (issue 15, migration 0022): every one but Production.
export type TestEnvironment = 'DEVELOPMENT' | 'QA' | 'STAGING' | 'UAT';
export type StudioReviewDecision = 'approved' | 'changes_requested';
export type StudioAppsTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  icon: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  archived_at: Date | null;
};
export type StudioBranchesTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  name: string;
  is_main: Generated<boolean>;
  based_on_savepoint_id: string | null;
  package: Json<unknown>;
  revision: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
};
export type StudioSavepointsTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  branch_id: string;
  parent_savepoint_id: string | null;
  message: string;
  package: Json<unknown>;
  created_by: string | null;
  created_at: CreatedAt;
};
export type StudioVersionsTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  savepoint_id: string;
  major: number;
  minor: number;
  stage: Generated<StudioStage>;
  is_frozen: Generated<boolean>;
  is_locked: Generated<boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};
export type StudioReviewsTable = {
  tenant_id: string;
  id: Generated<string>;
  version_id: string;
  reviewer_id: string | null;
  decision: StudioReviewDecision;
  comment: Generated<string>;
  created_at: CreatedAt;
};
export type StudioDeploymentsTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  version_id: string;
  environment: StudioEnvironment;
  published: Json<unknown>;
  deployed_by: string | null;
  deployed_at: CreatedAt;
};
export type StudioActivityTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  branch_id: string | null;
  actor_user_id: string | null;
  action: string;
  details: Json<Record<string, unknown>>;
  created_at: CreatedAt;
};

export type StudioWorkflowMoveState = 'queued' | 'running' | 'finished' | 'failed';
export type StudioWorkflowMovesTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  version_id: string;
  kind_id: string;
  kind_tag: string;
  target_definition_id: string;
  target_version: number;
  workflow_ids: string[] | null;
  state: Generated<StudioWorkflowMoveState>;
  total: Generated<number>;
  done: Generated<number>;
  moved: Generated<number>;
  refused: Generated<number>;
  cursor_workflow_id: Generated<string>;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
};
export type StudioWorkflowMoveOutcome = 'moved' | 'refused' | 'moved_back';
export type StudioWorkflowMoveResultsTable = {
  tenant_id: string;
  move_id: string;
  workflow_id: string;
  outcome: StudioWorkflowMoveOutcome;
  reasons: Json<unknown[]>;
  from_definition_id: string;
  from_version: number;
  dropped_steps: Json<unknown[]>;
  moved_at: Generated<Date>;
  moved_back_at: Date | null;
  moved_back_by: string | null;
};

// Issue 15: who may edit a studio app (migration 0024); a row names a person or a group.
export type StudioAppEditorsTable = {
  tenant_id: string;
  id: Generated<string>;
  app_id: string;
  user_id: string | null;
  group_id: string | null;
  created_at: CreatedAt;
};

// Issue 16, the task inbox (migration 0025, docs/tasks.md). open_tasks is written only by its
// triggers: one row per open step and assignee, or one with both assignees null for a step nobody holds.
export type OpenTasksTable = {
  tenant_id: string;
  workflow_id: string;
  step_tag: string;
  step_group_tag: string;
  assignee_user_id: string | null;
  assignee_group_id: string | null;
  is_step_row: boolean;
  kind_id: string;
  region_id: string;
  business_unit_id: string | null;
  opened_at: Date | null;
  due_at: Date | null;
};

// node-pg reads a date column as a Date at local midnight; the tasks module reads and writes them as
// 'YYYY-MM-DD' text in SQL.
type DateOnly = ColumnType<Date, Date | string, Date | string>;

export type TaskDelegationsTable = {
  tenant_id: string;
  id: Generated<string>;
  delegator_id: string;
  delegate_id: string;
  starts_on: DateOnly;
  ends_on: DateOnly;
  created_by: string | null;
  created_at: CreatedAt;
  revoked_at: Date | null;
};

export type TaskFollowUpsTable = {
  tenant_id: string;
  user_id: string;
  workflow_id: string;
  step_tag: string;
  follow_up_on: DateOnly;
};

// Issue 18, records (migration 0034, docs/plans/issue-18-records.md §1.1-1.4).
export type ObjectTypesTable = {
  tenant_id: string;
  id: Generated<string>;
  tag: string;
  name: string;
  current_version_id: string | null;
  has_region: Generated<boolean>;
  has_business_unit: Generated<boolean>;
  created_at: CreatedAt;
  archived_at: Date | null;
};

export type ObjectTypeVersionsTable = {
  tenant_id: string;
  id: Generated<string>;
  object_type_id: string;
  version: number;
  // The JSON of ObjectTypeDefinitionSchema (@attest/shared records), validated before it is stored.
  definition: Json<unknown>;
  studio_deployment_id: string | null;
  published_by: string | null;
  published_at: CreatedAt;
};

export type RecordsTable = {
  tenant_id: string;
  id: Generated<string>;
  object_type_id: string;
  version_id: string;
  title: string;
  // Answers by field tag, as validateAnswer returns them.
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  region_id: string | null;
  business_unit_id: string | null;
  revision: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
  archived_at: Date | null;
  archived_by: string | null;
  // Migration 0035: the import and staged row that created it (the import's idempotency key).
  import_id: string | null;
  import_row: number | null;
};

export type RecordValuesTable = {
  tenant_id: string;
  object_type_id: string;
  record_id: string;
  field_tag: string;
  text_value: string | null;
  // double precision, as workflow_responses.number_value (migration 0011).
  number_value: number | null;
  // Read as a Date at local midnight; written as 'YYYY-MM-DD'.
  date_value: ColumnType<Date | null, Date | string | null, Date | string | null>;
};

export type RecordKeysTable = {
  tenant_id: string;
  object_type_id: string;
  key_name: string;
  // The key's fields, lower(trim()) each, joined by U+001F.
  key_value: string;
  record_id: string;
};

export type RecordLinksTable = {
  tenant_id: string;
  id: Generated<string>;
  relation_tag: string;
  from_record_id: string;
  to_record_id: string;
  created_by: string | null;
  created_at: CreatedAt;
};

export type WorkflowRecordLinksTable = {
  tenant_id: string;
  workflow_id: string;
  field_tag: string;
  record_id: string;
};

export type RecordActivityAction =
  | 'created'
  | 'edited'
  | 'archived'
  | 'restored'
  | 'linked'
  | 'unlinked'
  | 'imported'
  | 'batch_updated'
  | 'import_undone'
  | 'update_undone';
export type RecordFieldChange = { field_tag: string; before: unknown; after: unknown };
export type RecordActivityTable = {
  tenant_id: string;
  id: Generated<string>;
  record_id: string;
  action: RecordActivityAction;
  actor_user_id: string | null;
  changes: ColumnType<RecordFieldChange[], string | undefined, string>;
  import_id: string | null;
  batch_update_id: string | null;
  created_at: CreatedAt;
};

// Issue 18, batch import (migration 0035, §1.6).
export type BatchTarget = 'records' | 'workflows';
export type BatchImportMode = 'create' | 'update' | 'upsert';
export type BatchImportState =
  | 'parsing'
  | 'parsed'
  | 'validating'
  | 'validated'
  | 'queued'
  | 'running'
  | 'finished'
  | 'failed'
  | 'undoing'
  | 'undone';
export type BatchImportsTable = {
  tenant_id: string;
  id: Generated<string>;
  created_by: string | null;
  target: BatchTarget;
  object_type_id: string | null;
  kind_id: string | null;
  mode: ColumnType<BatchImportMode, BatchImportMode | undefined, BatchImportMode>;
  key_name: string | null;
  start_step_tag: string | null;
  mapping_id: string | null;
  // {column_index: target} as the import ran.
  mapping: ColumnType<Record<string, string>, string | undefined, string>;
  file_name: string;
  format: 'csv' | 'xlsx';
  storage_key: string;
  // bigint: read as a string.
  size_bytes: ColumnType<string, string | number, string | number>;
  state: ColumnType<BatchImportState, BatchImportState | undefined, BatchImportState>;
  rows_total: Generated<number>;
  rows_valid: Generated<number>;
  rows_invalid: Generated<number>;
  rows_done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  failed: Generated<number>;
  cursor_row: Generated<number>;
  undo_cursor_row: Generated<number>;
  results_storage_key: string | null;
  error: string | null;
  requeued_at: Date | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  undone_at: Date | null;
  undone_by: string | null;
};

export type BatchImportRowOutcome =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'failed'
  | 'undone'
  | 'kept_changed';
export type BatchImportRowsTable = {
  tenant_id: string;
  import_id: string;
  row_number: number;
  // The raw strings, by column index.
  cells: Json<string[]>;
  // [{column, field_tag, code, message}]; null when the row is valid.
  problems: Json<unknown[]> | null;
  outcome: BatchImportRowOutcome | null;
  target_id: string | null;
  revision_after: number | null;
  activity_id_after: string | null;
  before: Json<Record<string, unknown>> | null;
  message: string | null;
};

export type BatchImportMappingsTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  target: BatchTarget;
  object_type_id: string | null;
  kind_id: string | null;
  // [{header, field_tag | 'name' | 'region' | 'business_unit' | 'id' | null}]
  columns: Json<unknown[]>;
  created_by: string | null;
  created_at: CreatedAt;
};

// Issue 18, batch update (migration 0036, §1.7).
export type BatchUpdateState =
  | 'selecting'
  | 'previewed'
  | 'queued'
  | 'running'
  | 'finished'
  | 'failed'
  | 'undoing'
  | 'undone';
export type BatchUpdatesTable = {
  tenant_id: string;
  id: Generated<string>;
  created_by: string | null;
  target: BatchTarget;
  kind_id: string | null;
  object_type_id: string | null;
  // {filters: WorkflowListQuery | RecordListQuery} or {ids_file: storage_key}
  selection: Json<Record<string, unknown>>;
  changes: Json<Record<string, unknown>>;
  state: ColumnType<BatchUpdateState, BatchUpdateState | undefined, BatchUpdateState>;
  total: Generated<number>;
  done: Generated<number>;
  changed: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  // bigint: read as a string.
  cursor_item_id: Generated<string>;
  undo_cursor_item_id: Generated<string>;
  requeued_at: Date | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  undone_at: Date | null;
  undone_by: string | null;
  error: string | null;
};

export type BatchUpdateItemOutcome =
  | 'pending'
  | 'changed'
  | 'unchanged'
  | 'refused'
  | 'failed'
  | 'undone'
  | 'kept_changed';
export type BatchUpdateItemsTable = {
  tenant_id: string;
  update_id: string;
  target_id: string;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  outcome: ColumnType<BatchUpdateItemOutcome, BatchUpdateItemOutcome | undefined, BatchUpdateItemOutcome>;
  message: string | null;
  revision_after: number | null;
  activity_id_after: string | null;
};

// Issue 19, badge definitions (migration 0042): the rule is a condition group (shared/filters).
export type BadgeDefinitionsTable = {
  tenant_id: string;
  id: Generated<string>;
  tag: string;
  label: string;
  label_translations: ColumnType<Record<string, string>, string | undefined, string>;
  colour: string;
  icon: string;
  kind_id: string | null;
  rule: Json<Record<string, unknown>>;
  archived_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  recompute_cursor: Generated<string>;
  recompute_done: Generated<number>;
  recompute_total: number | null;
};
export type WorkflowBadgesTable = { tenant_id: string; badge_id: string; workflow_id: string };
export type BadgeRefreshQueueTable = { tenant_id: string; workflow_id: string; queued_at: CreatedAt };

export type Database = {
  tenants: TenantsTable;
  tenant_configurations: TenantConfigurationsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_permissions: GroupPermissionsTable;
  user_groups: UserGroupsTable;
  user_permissions: UserPermissionsTable;
  regions: RegionsTable;
  business_units: BusinessUnitsTable;
  sessions: SessionsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  auth_challenges: AuthChallengesTable;
  one_time_tokens: OneTimeTokensTable;
  outbox_emails: OutboxEmailsTable;
  sign_in_throttles: SignInThrottlesTable;
  sso_providers: SsoProvidersTable;
  user_identities: UserIdentitiesTable;
  sso_login_states: SsoLoginStatesTable;
  audit_events: AuditEventsTable;
  api_tokens: ApiTokensTable;
  user_region_access: UserRegionAccessTable;
  user_business_unit_access: UserBusinessUnitAccessTable;
  workflow_kinds: WorkflowKindsTable;
  workflow_definitions: WorkflowDefinitionsTable;
  workflow_statuses: WorkflowStatusesTable;
  workflows: WorkflowsTable;
  workflow_steps: WorkflowStepsTable;
  workflow_step_group_cycles: WorkflowStepGroupCyclesTable;
  report_rollup_fields: ReportRollupFieldsTable;
  report_workflow_counts: ReportWorkflowCountsTable;
  report_answer_rollups: ReportAnswerRollupsTable;
  report_cycle_rollups: ReportCycleRollupsTable;
  workflow_step_users: WorkflowStepUsersTable;
  workflow_responses: WorkflowResponsesTable;
  workflow_answer_days: WorkflowAnswerDaysTable;
  workflow_alerts: WorkflowAlertsTable;
  workflow_activity: WorkflowActivityTable;
  attachments: AttachmentsTable;
  integration_runs: IntegrationRunsTable;
  workflow_exports: WorkflowExportsTable;
  job_leases: JobLeasesTable;
  user_preferences: UserPreferencesTable;
  user_recent_workflows: UserRecentWorkflowsTable;
  threads: ThreadsTable;
  messages: MessagesTable;
  mentions: MentionsTable;
  thread_subscriptions: ThreadSubscriptionsTable;
  thread_email_items: ThreadEmailItemsTable;
  notifications: NotificationsTable;
  dashboards: DashboardsTable;
  reports: ReportsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_subscription_recipients: ReportSubscriptionRecipientsTable;
  scheduled_exports: ScheduledExportsTable;
  scheduled_export_runs: ScheduledExportRunsTable;
  studio_apps: StudioAppsTable;
  studio_branches: StudioBranchesTable;
  studio_savepoints: StudioSavepointsTable;
  studio_versions: StudioVersionsTable;
  studio_reviews: StudioReviewsTable;
  studio_deployments: StudioDeploymentsTable;
  studio_activity: StudioActivityTable;
  studio_app_editors: StudioAppEditorsTable;
  studio_workflow_moves: StudioWorkflowMovesTable;
  studio_workflow_move_results: StudioWorkflowMoveResultsTable;
  open_tasks: OpenTasksTable;
  task_delegations: TaskDelegationsTable;
  task_follow_ups: TaskFollowUpsTable;
  object_types: ObjectTypesTable;
  object_type_versions: ObjectTypeVersionsTable;
  records: RecordsTable;
  record_values: RecordValuesTable;
  record_keys: RecordKeysTable;
  record_links: RecordLinksTable;
  workflow_record_links: WorkflowRecordLinksTable;
  record_activity: RecordActivityTable;
  batch_imports: BatchImportsTable;
  batch_import_rows: BatchImportRowsTable;
  batch_import_mappings: BatchImportMappingsTable;
  batch_updates: BatchUpdatesTable;
  batch_update_items: BatchUpdateItemsTable;
  badge_definitions: BadgeDefinitionsTable;
  workflow_badges: WorkflowBadgesTable;
  badge_refresh_queue: BadgeRefreshQueueTable;
};

export type TenantRow = Selectable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
