import { z } from 'zod';
import { pageOf } from '../pagination.js';
import { PERMISSIONS } from '../permissions.js';
import { text } from '../validators/input-limits.js';
import { WORKFLOW_NAME_MAX_LENGTH } from '../workflows/api.js';
import { STUDIO_DEPLOY_PERMISSIONS, type StudioEnvironment } from './api.js';

// Issue 15, environments: Production is what everyone's new workflows start on; a deployment to
// Development, QA, Staging or UAT lets designers and testers start test workflows on its version
// there. Test workflows are marked with their environment, left out of the dashboard, tasks, search,
// exports and reports unless asked for (environment=... on those lists), and purged per environment.
export const TEST_ENVIRONMENTS = [
  'DEVELOPMENT',
  'QA',
  'STAGING',
  'UAT',
] as const satisfies readonly StudioEnvironment[];
export type TestEnvironment = (typeof TEST_ENVIRONMENTS)[number];
export function isTestEnvironment(environment: StudioEnvironment): environment is TestEnvironment {
  return environment !== 'PRODUCTION';
}

const base = '/api/v1/studio';
export const STUDIO_TEST_WORKFLOW_PATHS = {
  // GET lists the environment's test workflows across the tenant's apps (newest first,
  // server-paged); DELETE purges them all.
  testWorkflows: (environment: TestEnvironment) => `${base}/environments/${environment}/test-workflows/`,
  // POST starts one of the process (kind tag) as the environment's newest deployment defines it.
  startTestWorkflow: (appId: number, environment: TestEnvironment, process: string) =>
    `${base}/apps/${appId}/environments/${environment}/test-workflows/${process}/`,
} as const;

export const TEST_WORKFLOW_MESSAGES = {
  notDeployed: 'This app has no version deployed to this environment. Deploy one first.',
  processNotDeployed: "The environment's deployed version has no process with this tag.",
  listForbidden: "Test workflows are listed only for people with 'Can access studio'.",
} as const;

// Starting or purging an environment's test workflows needs its deploy permission, as deploying does.
export function testWorkflowsForbiddenMessage(environment: TestEnvironment): string {
  return `Test workflows here need the permission '${PERMISSIONS[STUDIO_DEPLOY_PERMISSIONS[environment]]}'.`;
}

const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const Id = z.number().int().min(1);

export const StudioEnvironmentParamsSchema = z.object({ environment: z.enum(TEST_ENVIRONMENTS) });
export const StudioTestWorkflowParamsSchema = StudioEnvironmentParamsSchema.extend({
  appId: IdParam,
  process: text().regex(/^[a-z0-9_]{1,200}$/, 'A process is named by its kind tag.'),
});

export const StartTestWorkflowRequestSchema = z
  .object({
    name: text().trim().min(1, 'Enter a name.').max(WORKFLOW_NAME_MAX_LENGTH),
    region_id: Id,
    business_unit_id: Id.nullable().optional(),
  })
  .strict();
export type StartTestWorkflowRequest = z.infer<typeof StartTestWorkflowRequestSchema>;

export const TestWorkflowsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TestWorkflowsQuery = z.infer<typeof TestWorkflowsQuerySchema>;

export const TestWorkflowSchema = z.object({
  id: Id,
  name: text(),
  environment: z.enum(TEST_ENVIRONMENTS),
  kind_id: Id,
  kind_tag: text(),
  definition_id: Id,
  // The version number the test definition carries: its kind's next Production version.
  version: z.number().int(),
  status_id: Id,
  progress: z.number(),
  created_by: Id.nullable(),
  created_at: text(),
});
export type TestWorkflow = z.infer<typeof TestWorkflowSchema>;
export const TestWorkflowsPageSchema = pageOf(TestWorkflowSchema);
export type TestWorkflowsPage = z.infer<typeof TestWorkflowsPageSchema>;

export const PurgeTestWorkflowsResultSchema = z.object({ purged: z.number().int() });
export type PurgeTestWorkflowsResult = z.infer<typeof PurgeTestWorkflowsResultSchema>;
