import { z } from 'zod';
import { CreateWorkflowExportRequestSchema, ExportFormatSchema } from './exports.js';
import { pageOf } from './pagination.js';
import type { PermissionCodename } from './permissions.js';
import { REPORT_SUBSCRIPTION_FREQUENCIES, ReportScheduleSchema } from './reports/subscriptions.js';
import { text } from './validators/input-limits.js';

// Issue 19, spec 2 §6 ('Can access scheduler'; "Can change or delete scheduled report exports (plain,
// SFTP and remote-storage variants)") and §9.4 (subscribe by e-mail or SFTP; instance settings:
// scheduler). A scheduled export sends a filtered workflow list (CSV or XLSX) or a report (CSV) on a
// schedule to e-mail addresses, an SFTP server or S3-compatible storage. It runs as its owner: the
// person who last saved it, with their visibility and permissions at run time.

export const SCHEDULER_PATHS = {
  list: '/api/v1/admin/scheduled-exports/',
  one: '/api/v1/admin/scheduled-exports/:id/',
  run: '/api/v1/admin/scheduled-exports/:id/run/',
  enabled: '/api/v1/admin/scheduled-exports/:id/enabled/',
  runs: '/api/v1/admin/scheduled-exports/:id/runs/',
  testDestination: '/api/v1/admin/scheduled-exports/test-destination/',
} as const;

export const SCHEDULED_EXPORT_DESTINATIONS = ['email', 'sftp', 's3'] as const;
export type ScheduledExportDestinationKind = (typeof SCHEDULED_EXPORT_DESTINATIONS)[number];

// The spec's three variants: plain (e-mail), SFTP and remote storage (S3-compatible), each with its
// own change and delete permission. 'Can access scheduler' opens the page and lists every schedule.
export const SCHEDULER_PERMISSIONS: Record<
  ScheduledExportDestinationKind,
  { change: PermissionCodename; delete: PermissionCodename }
> = {
  email: { change: 'can_change_scheduled_report_exports', delete: 'can_delete_scheduled_report_exports' },
  sftp: { change: 'can_change_sftp_report_exports', delete: 'can_delete_sftp_report_exports' },
  s3: {
    change: 'can_change_remote_storage_report_exports',
    delete: 'can_delete_remote_storage_report_exports',
  },
};

export const SCHEDULED_EXPORT_NAME_MAX_LENGTH = 200;
export const SCHEDULED_EXPORT_EMAILS_MAX = 20;
// Most mail servers refuse a message much larger than this; a bigger file fails the run and says so.
export const SCHEDULED_EXPORT_EMAIL_MAX_BYTES = 10 * 1024 * 1024;

export const SCHEDULER_MESSAGES = {
  kindNotAllowed: 'You may not change scheduled exports to this destination.',
  deleteNotAllowed: 'You may not delete scheduled exports to this destination.',
  secretRequired: 'Enter the password or the private key.',
  s3SecretRequired: 'Enter the access key and the secret key.',
  alreadyRunning: 'This export is already waiting to run or running.',
  noWorkflows: 'The workflow kind was not found.',
  noReport: 'The report was not found.',
  reportFormat: 'A report is exported as CSV.',
  invalidFilters: 'The list filters are not valid.',
  // Run outcomes, shown with the schedule.
  ownerGone: 'The owner of this export no longer exists or is inactive.',
  ownerNotAllowed: 'The owner of this export may no longer run it: they lack the permission',
  tooLargeForEmail: 'The file is too large to send by e-mail (over 10 MB). Use SFTP or remote storage.',
  exportFailed: 'The export could not be written.',
} as const;

export const SCHEDULER_ERROR_CODES = {
  kindNotAllowed: 'scheduled_export_kind_not_allowed',
  alreadyRunning: 'scheduled_export_already_running',
} as const;

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const ScheduledExportIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

// What is exported: a workflow list as the list's filters (GET workflows/ parameters), or a report.
const ListFilters = CreateWorkflowExportRequestSchema.omit({ kind_id: true, format: true });
export const ScheduledExportSourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('workflow_list'), kind_id: Id, filters: ListFilters.default({}) }).strict(),
  z.object({ type: z.literal('report'), report_id: Id }).strict(),
]);
export type ScheduledExportSource = z.infer<typeof ScheduledExportSourceSchema>;

const Host = text()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.\-:[\]]+$/, 'Enter a host name or an IP address.');
const Directory = text().trim().max(500).default('');
// OpenSSH's form: SHA256: then the unpadded base64 of the host key's SHA-256.
const Fingerprint = text()
  .trim()
  .regex(/^(SHA256:[A-Za-z0-9+/]{43}=?)?$/, 'Use the SHA256:… form that ssh-keygen -lf prints.')
  .default('');

// The destinations' settings as the API answers them: never a credential, only whether one is kept.
const EmailDestination = z
  .object({
    kind: z.literal('email'),
    emails: z
      .array(z.email().max(254))
      .min(1)
      .max(SCHEDULED_EXPORT_EMAILS_MAX)
      .refine((list) => new Set(list.map((e) => e.toLowerCase())).size === list.length, 'Each address once.'),
  })
  .strict();
const SftpSettings = {
  kind: z.literal('sftp'),
  host: Host,
  port: z.number().int().min(1).max(65535).default(22),
  username: text().trim().min(1).max(100),
  directory: Directory,
  host_fingerprint: Fingerprint,
};
const S3Settings = {
  kind: z.literal('s3'),
  // Empty: Amazon S3 itself; otherwise an S3-compatible server, addressed by path (forcePathStyle).
  endpoint: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).default(''),
  bucket: text()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Enter a valid bucket name.'),
  prefix: text().trim().max(500).default(''),
  region: text()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Enter a region such as us-east-1.')
    .default('us-east-1'),
};

// Credentials are write-only: sent on create (and on edit to replace them), kept sealed by the
// server's secret box, never answered. Omitted on edit: the kept ones stay.
export const ScheduledExportDestinationInputSchema = z.discriminatedUnion('kind', [
  EmailDestination,
  z
    .object({
      ...SftpSettings,
      password: text().max(1000).optional(),
      private_key: text().max(20_000).optional(),
      passphrase: text().max(1000).optional(),
    })
    .strict(),
  z
    .object({
      ...S3Settings,
      access_key_id: text().trim().max(200).optional(),
      secret_access_key: text().max(500).optional(),
    })
    .strict(),
]);
export type ScheduledExportDestinationInput = z.input<typeof ScheduledExportDestinationInputSchema>;

export const ScheduledExportDestinationSchema = z.discriminatedUnion('kind', [
  EmailDestination,
  z.object({ ...SftpSettings, has_password: z.boolean(), has_private_key: z.boolean() }),
  z.object({ ...S3Settings, has_credentials: z.boolean() }),
]);
export type ScheduledExportDestination = z.infer<typeof ScheduledExportDestinationSchema>;

export const ScheduledExportWriteSchema = z
  .object({
    name: text().trim().min(1).max(SCHEDULED_EXPORT_NAME_MAX_LENGTH),
    source: ScheduledExportSourceSchema,
    format: ExportFormatSchema.default('csv'),
    schedule: ReportScheduleSchema,
    destination: ScheduledExportDestinationInputSchema,
    enabled: z.boolean().default(true),
  })
  .strict();
export type ScheduledExportWrite = z.input<typeof ScheduledExportWriteSchema>;

export const ScheduledExportEnabledSchema = z.object({ enabled: z.boolean() }).strict();

export const SCHEDULED_EXPORT_OUTCOMES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ScheduledExportOutcome = (typeof SCHEDULED_EXPORT_OUTCOMES)[number];

const LastRun = z.object({
  at: z.string(),
  outcome: z.enum(SCHEDULED_EXPORT_OUTCOMES),
  message: z.string().nullable(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
});

export const ScheduledExportSchema = z.object({
  id: Id,
  name: z.string(),
  owner: z.object({ id: Id, name: z.string(), email: z.string() }).nullable(),
  source: ScheduledExportSourceSchema,
  // The kind's or the report's name, for the list; null when it is gone.
  source_name: z.string().nullable(),
  format: ExportFormatSchema,
  schedule: z.object({
    frequency: z.enum(REPORT_SUBSCRIPTION_FREQUENCIES),
    time: z.string(),
    weekday: z.number().int().nullable(),
    day_of_month: z.number().int().nullable(),
    time_zone: z.string(),
  }),
  destination: ScheduledExportDestinationSchema,
  enabled: z.boolean(),
  next_run_at: z.string(),
  last_run: LastRun.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduledExport = z.infer<typeof ScheduledExportSchema>;
export const ScheduledExportsPageSchema = pageOf(ScheduledExportSchema);
export type ScheduledExportsPage = z.infer<typeof ScheduledExportsPageSchema>;

export const ScheduledExportRunSchema = z.object({
  id: Id,
  trigger: z.enum(['schedule', 'manual']),
  due_at: z.string(),
  outcome: z.enum(SCHEDULED_EXPORT_OUTCOMES),
  message: z.string().nullable(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  attempts: z.number().int(),
  file_name: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ScheduledExportRun = z.infer<typeof ScheduledExportRunSchema>;
export const ScheduledExportRunsPageSchema = pageOf(ScheduledExportRunSchema);

// "Test connection" (issue 19): tries a destination with the form's values, before saving. Blank
// credentials are taken from the schedule being edited (`schedule_id`), as saving would take them.
export const SCHEDULED_EXPORT_TEST_TIMEOUT_MS = 10_000;
export const ScheduledExportTestRequestSchema = z
  .object({ destination: ScheduledExportDestinationInputSchema, schedule_id: Id.nullable().default(null) })
  .strict();
export type ScheduledExportTestRequest = z.input<typeof ScheduledExportTestRequestSchema>;

// What the test found, in plain words; never a credential.
export const SCHEDULER_TEST_MESSAGES = {
  ok: 'Connected: a test file was written to the destination and removed.',
  emailSent: 'A test e-mail was sent to each address.',
  hostNotFound: 'The host name could not be found. Check the host.',
  refused: 'The server refused the connection. Check the host and the port.',
  timeout: 'The server did not answer within 10 seconds.',
  authFailed: 'The server did not accept the user name or the credentials.',
  hostKeyMismatch: "The server's host key does not match the fingerprint.",
  folderMissing: 'The folder does not exist on the server.',
  bucketMissing: 'The bucket does not exist.',
  permissionDenied: 'Signed in, but not allowed to write there.',
  tlsFailed: "The server's certificate could not be verified.",
  failed: 'The connection failed.',
} as const;
export const SCHEDULER_TEST_CODES = [
  'ok',
  'email_sent',
  'host_not_found',
  'refused',
  'timeout',
  'auth_failed',
  'host_key_mismatch',
  'folder_missing',
  'bucket_missing',
  'permission_denied',
  'tls_failed',
  'failed',
] as const;
export type SchedulerTestCode = (typeof SCHEDULER_TEST_CODES)[number];
export const ScheduledExportTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.enum(SCHEDULER_TEST_CODES),
  message: z.string(),
});
export type ScheduledExportTestResult = z.infer<typeof ScheduledExportTestResultSchema>;
