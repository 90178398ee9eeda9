import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { pageOf } from '../pagination.js';
import { PERMISSIONS, type PermissionCodename } from '../permissions.js';
import { text } from '../validators/input-limits.js';
import { MAX_PACKAGE_OBJECTS, MAX_PACKAGE_PROCESSES } from './package.js';

// Issue 15: the studio's server model (spec 2 §2.4, §4.1, §6; spec 1 §4; docs/studio.md). An app
// is a package of process definitions; designers edit branches, snapshot them as savepoints, freeze
// a savepoint as a version (major.minor) that moves draft -> rft -> deployed -> ARCHIVE, and deploy
// a version to one of the tenant's environments.
const base = '/api/v1/studio';
export const STUDIO_PATHS = {
  apps: `${base}/apps/`,
  app: (id: number) => `${base}/apps/${id}/`,
  branches: (appId: number) => `${base}/apps/${appId}/branches/`,
  branch: (appId: number, branchId: number) => `${base}/apps/${appId}/branches/${branchId}/`,
  workingCopy: (appId: number, branchId: number) =>
    `${base}/apps/${appId}/branches/${branchId}/working-copy/`,
  savepoints: (appId: number, branchId: number) => `${base}/apps/${appId}/branches/${branchId}/savepoints/`,
  savepoint: (appId: number, savepointId: number) => `${base}/apps/${appId}/savepoints/${savepointId}/`,
  versions: (appId: number) => `${base}/apps/${appId}/versions/`,
  versionStage: (appId: number, versionId: number) => `${base}/apps/${appId}/versions/${versionId}/stage/`,
  versionReviews: (appId: number, versionId: number) =>
    `${base}/apps/${appId}/versions/${versionId}/reviews/`,
  versionDeployments: (appId: number, versionId: number) =>
    `${base}/apps/${appId}/versions/${versionId}/deployments/`,
  activity: `${base}/activity/`,
  // Spec 2 §2.4 /studio/records/{stage}: the versions at a stage, across the tenant's apps.
  records: (stage: string) => `${base}/records/${stage}/`,
} as const;

// Spec 2 §4.1: the stages of a studio record, in the order a version moves through them.
export const STUDIO_STAGES = ['draft', 'rft', 'deployed', 'ARCHIVE'] as const;
export type StudioStage = (typeof STUDIO_STAGES)[number];

// The tenant's deployment slots; each needs its own permission (spec 2 §6 'Can deploy to ...').
export const STUDIO_ENVIRONMENTS = ['DEVELOPMENT', 'QA', 'STAGING', 'UAT', 'PRODUCTION'] as const;
export type StudioEnvironment = (typeof STUDIO_ENVIRONMENTS)[number];
export const STUDIO_DEPLOY_PERMISSIONS: Record<StudioEnvironment, PermissionCodename> = {
  DEVELOPMENT: 'can_deploy_development',
  QA: 'can_deploy_qa',
  STAGING: 'can_deploy_staging',
  UAT: 'can_deploy_uat',
  PRODUCTION: 'can_deploy_production',
};

export const STUDIO_REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type StudioReviewDecision = (typeof STUDIO_REVIEW_DECISIONS)[number];

// Versions run 1.0, 1.1, ... 1.99; the next change after 1.99 is a major version (2.0).
export const STUDIO_MAX_MINOR_VERSION = 99;
// Bounds (STYLE rule 7); the request body limit (1 MiB) bounds a package's size as a whole.
export const STUDIO_APP_NAME_MAX_LENGTH = 200;
export const STUDIO_BRANCH_NAME_MAX_LENGTH = 100;
export const STUDIO_MESSAGE_MAX_LENGTH = 500;
export const STUDIO_DESCRIPTION_MAX_LENGTH = 2000;
// The app page lists this many of the newest savepoints and deployments.
export const STUDIO_APP_SAVEPOINTS_SHOWN = 200;
export const STUDIO_APP_DEPLOYMENTS_SHOWN = 200;
export const STUDIO_MAIN_BRANCH = 'main';

// The package-versioning failure reasons of spec 1 §4 are each message's first words.
export const STUDIO_MESSAGES = {
  staleRevision:
    'This branch was saved by someone else after you opened it. Reload it to see their changes, then apply yours again.',
  maximumMinorVersionReached: `Maximum minor version reached: a major version has at most ${STUDIO_MAX_MINOR_VERSION} minor versions. Create a major version instead.`,
  minorVersionCreationFailed:
    'Minor version creation failed: the app has no version yet. Create a major version first.',
  notFrozenVersion:
    'Not a frozen version: a version is reviewed and deployed only after it is sent for test (rft).',
  versionCannotBeLocked: 'Version cannot be locked: an archived version is never deployed again.',
  parsingToJsonFailed: 'Parsing to JSON failed: the package is not valid JSON.',
  invalidPackage: 'The package holds an invalid process definition.',
  invalidObjectType: 'The package holds an invalid object type definition.',
  notAPackage: 'A package is an object with a list of processes.',
  emptyPackage: 'A version needs at least one process or object type.',
  becomesDeployedByDeploying: 'A version becomes deployed by deploying it to an environment.',
  reviewNeedsRft: 'Only a version that is ready for test (rft) is reviewed.',
  changesNeedComment: 'Say what should change.',
  productionNeedsApproval: 'A version is deployed to Production only once a reviewer has approved it.',
  branchNameTaken: 'This app already has a branch of this name.',
} as const;

export function stageRefusedMessage(from: StudioStage, to: StudioStage): string {
  const next = STUDIO_STAGES[STUDIO_STAGES.indexOf(from) + 1];
  return next
    ? `A version at stage ${from} moves only to ${next}, not to ${to}.`
    : `A version at stage ${from} stays there; it cannot move to ${to}.`;
}

export function deployForbiddenMessage(environment: StudioEnvironment): string {
  return `Deploying here needs the permission '${PERMISSIONS[STUDIO_DEPLOY_PERMISSIONS[environment]]}'.`;
}

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
export const StudioAppParamsSchema = z.object({ appId: IdParam });
export const StudioBranchParamsSchema = z.object({ appId: IdParam, branchId: IdParam });
export const StudioSavepointParamsSchema = z.object({ appId: IdParam, savepointId: IdParam });
export const StudioVersionParamsSchema = z.object({ appId: IdParam, versionId: IdParam });

const Name = (max: number) => text().trim().min(1).max(max);
const Timestamp = text();

// A branch's working copy holds work in progress: any object per process and per object type (issue
// 18; branches from before it have no `objects`). They are checked in full (StudioPackageSchema) only
// when a version is made of it, so a designer can always save.
export const StudioWorkingCopySchema = z
  .object({
    processes: z.array(z.record(z.string(), z.unknown())).max(MAX_PACKAGE_PROCESSES),
    objects: z.array(z.record(z.string(), z.unknown())).max(MAX_PACKAGE_OBJECTS).optional(),
  })
  .strict();
export type StudioWorkingCopy = z.infer<typeof StudioWorkingCopySchema>;

export const StudioAppsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  // Searches the names, case-insensitive.
  q: text().trim().max(200).optional(),
  // Archived apps are left out unless asked for: `include` lists them too, `only` lists them alone.
  archived: z.enum(['exclude', 'include', 'only']).default('exclude'),
});
export type StudioAppsQuery = z.infer<typeof StudioAppsQuerySchema>;

export const StudioAppSchema = z.object({
  id: Id,
  name: text(),
  description: text(),
  icon: text().nullable(),
  created_by: Id.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  archived_at: Timestamp.nullable(),
});
export type StudioApp = z.infer<typeof StudioAppSchema>;
// What an app list card shows: the latest version and its stage, where the app runs, its branches.
export const StudioAppListItemSchema = StudioAppSchema.extend({
  latest_version: z
    .object({ id: Id, major: z.number().int(), minor: z.number().int(), stage: z.enum(STUDIO_STAGES) })
    .nullable(),
  // The environments a version of the app was deployed to, in STUDIO_ENVIRONMENTS order.
  environments: z.array(z.enum(STUDIO_ENVIRONMENTS)),
  branch_count: z.number().int().min(0),
});
export type StudioAppListItem = z.infer<typeof StudioAppListItemSchema>;
export const StudioAppsPageSchema = pageOf(StudioAppListItemSchema);

export const CreateStudioAppRequestSchema = z
  .object({
    name: Name(STUDIO_APP_NAME_MAX_LENGTH),
    description: text().trim().max(STUDIO_DESCRIPTION_MAX_LENGTH).default(''),
    icon: text().trim().min(1).max(100).nullable().default(null),
  })
  .strict();
export type CreateStudioAppRequest = z.infer<typeof CreateStudioAppRequestSchema>;

export const StudioBranchSummarySchema = z.object({
  id: Id,
  name: text(),
  is_main: z.boolean(),
  based_on_savepoint_id: Id.nullable(),
  revision: z.number().int(),
  created_by: Id.nullable(),
  created_at: Timestamp,
  updated_by: Id.nullable(),
  updated_at: Timestamp,
});
export type StudioBranchSummary = z.infer<typeof StudioBranchSummarySchema>;
export const StudioBranchSchema = StudioBranchSummarySchema.extend({ package: StudioWorkingCopySchema });
export type StudioBranch = z.infer<typeof StudioBranchSchema>;

export const CreateStudioBranchRequestSchema = z
  .object({
    name: Name(STUDIO_BRANCH_NAME_MAX_LENGTH),
    // Without it, the branch starts from the main branch's working copy.
    from_savepoint_id: Id.optional(),
  })
  .strict();
export type CreateStudioBranchRequest = z.infer<typeof CreateStudioBranchRequestSchema>;

export const SaveWorkingCopyRequestSchema = z
  .object({
    // The revision the editor loaded; a save based on an older one is refused (409), never locked.
    revision: z.number().int().min(1),
    // The package (work in progress, checked in full when a version is made of it), or its JSON text
    // as the designer's JSON editor holds it.
    package: z.union([StudioWorkingCopySchema, text().max(1024 * 1024)]),
  })
  .strict();
export type SaveWorkingCopyRequest = z.infer<typeof SaveWorkingCopyRequestSchema>;

export const StudioSavepointSummarySchema = z.object({
  id: Id,
  branch_id: Id,
  parent_savepoint_id: Id.nullable(),
  message: text(),
  created_by: Id.nullable(),
  created_at: Timestamp,
});
export type StudioSavepointSummary = z.infer<typeof StudioSavepointSummarySchema>;
export const StudioSavepointSchema = StudioSavepointSummarySchema.extend({
  package: StudioWorkingCopySchema,
});
export type StudioSavepoint = z.infer<typeof StudioSavepointSchema>;

export const CreateStudioSavepointRequestSchema = z
  .object({ message: Name(STUDIO_MESSAGE_MAX_LENGTH) })
  .strict();

export const StudioReviewSchema = z.object({
  id: Id,
  version_id: Id,
  reviewer_id: Id.nullable(),
  decision: z.enum(STUDIO_REVIEW_DECISIONS),
  comment: text(),
  created_at: Timestamp,
});
export type StudioReview = z.infer<typeof StudioReviewSchema>;

export const StudioVersionSchema = z.object({
  id: Id,
  savepoint_id: Id,
  major: z.number().int(),
  minor: z.number().int(),
  stage: z.enum(STUDIO_STAGES),
  is_frozen: z.boolean(),
  is_locked: z.boolean(),
  // The latest review: Production needs it to be an approval.
  review: StudioReviewSchema.nullable(),
  created_by: Id.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type StudioVersion = z.infer<typeof StudioVersionSchema>;

export const CreateStudioVersionRequestSchema = z
  .object({ savepoint_id: Id, increment: z.enum(['major', 'minor']) })
  .strict();
export type CreateStudioVersionRequest = z.infer<typeof CreateStudioVersionRequestSchema>;

export const ChangeStudioStageRequestSchema = z.object({ stage: z.enum(STUDIO_STAGES) }).strict();

export const CreateStudioReviewRequestSchema = z
  .object({
    decision: z.enum(STUDIO_REVIEW_DECISIONS),
    comment: text().trim().max(STUDIO_DESCRIPTION_MAX_LENGTH).default(''),
  })
  .strict();
export type CreateStudioReviewRequest = z.infer<typeof CreateStudioReviewRequestSchema>;

export const StudioPublishedDefinitionSchema = z.object({
  kind_tag: text(),
  definition_id: Id,
  version: z.number().int(),
});
export const StudioDeploymentSchema = z.object({
  id: Id,
  version_id: Id,
  environment: z.enum(STUDIO_ENVIRONMENTS),
  // The workflow definition each process was published as: Production's kinds' current ones, a test
  // environment's the test definitions its test workflows start on (issue 15).
  published: z.array(StudioPublishedDefinitionSchema),
  deployed_by: Id.nullable(),
  deployed_at: Timestamp,
});
export type StudioDeployment = z.infer<typeof StudioDeploymentSchema>;

export const DeployStudioVersionRequestSchema = z
  .object({ environment: z.enum(STUDIO_ENVIRONMENTS) })
  .strict();

export const StudioAppDetailSchema = z.object({
  app: StudioAppSchema,
  branches: z.array(StudioBranchSummarySchema),
  savepoints: z.array(StudioSavepointSummarySchema),
  versions: z.array(StudioVersionSchema),
  // Newest first; an environment runs its newest deployment.
  deployments: z.array(StudioDeploymentSchema),
});
export type StudioAppDetail = z.infer<typeof StudioAppDetailSchema>;

export const STUDIO_ACTIONS = [
  'app_created',
  'branch_created',
  'working_copy_saved',
  'savepoint_created',
  'version_created',
  'version_stage_changed',
  'version_reviewed',
  'version_deployed',
  'branch_merged',
  'package_exported',
  'package_imported',
  // App settings (H3): name, icon, description; archive; who may edit.
  'app_updated',
  'app_archived',
  'app_unarchived',
  'app_editors_changed',
] as const;
export type StudioAction = (typeof STUDIO_ACTIONS)[number];

export const StudioActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  app_id: IdParam.optional(),
  branch_id: IdParam.optional(),
  actor_id: IdParam.optional(),
  action: z.enum(STUDIO_ACTIONS).optional(),
  // A date range on created_at: from inclusive, to exclusive (ISO date or date-time).
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export type StudioActivityQuery = z.infer<typeof StudioActivityQuerySchema>;

export const StudioActivitySchema = z.object({
  id: Id,
  app_id: Id,
  branch_id: Id.nullable(),
  actor_user_id: Id.nullable(),
  action: z.enum(STUDIO_ACTIONS),
  details: z.record(z.string(), z.unknown()),
  created_at: Timestamp,
});
export type StudioActivity = z.infer<typeof StudioActivitySchema>;
export const StudioActivityPageSchema = pageOf(StudioActivitySchema);

// A stage outside STUDIO_STAGES answers 404, as the page /studio/records/{stage} does.
export const StudioRecordsParamsSchema = z.object({ stage: text().max(20) });
export const StudioRecordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  // `objects` keeps only the versions whose package holds object types (issue 18, plan §2).
  type: z.enum(['objects']).optional(),
});
export type StudioRecordsQuery = z.infer<typeof StudioRecordsQuerySchema>;
// A process (kind tag) or an object type of a version's package, as the stage list names it.
export const StudioPackageItemSchema = z.object({ tag: text(), name: text() });
export type StudioPackageItem = z.infer<typeof StudioPackageItemSchema>;
export const StudioRecordSchema = StudioVersionSchema.extend({
  app_id: Id,
  app_name: text(),
  // The server always answers both; the defaults read an answer from before issue 18.
  processes: z.array(StudioPackageItemSchema).default([]),
  objects: z.array(StudioPackageItemSchema).default([]),
});
export type StudioRecord = z.infer<typeof StudioRecordSchema>;
export const StudioRecordsPageSchema = pageOf(StudioRecordSchema);
