import {
  ApiErrorSchema,
  DASHBOARD_PATHS,
  FieldsExportQuerySchema,
  FieldsExportSchema,
  FilterErrorSchema,
  KindAlertCountQuerySchema,
  KindAlertCountsSchema,
  KindCountQuerySchema,
  KindCountsSchema,
  KindWorkflowCountsQuerySchema,
  KindWorkflowCountsSchema,
  PageQuerySchema,
  UserGroupListSchema,
  WorkflowListPageSchema,
  WorkflowListQuerySchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../platform/errors.js';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { alertCounts, fieldsExport, stepgroupCounts, userGroupList } from './counts.service.js';
import { kindWorkflowCounts } from './kind-counts.service.js';
import { listWorkflows } from './list.service.js';

const tags = ['dashboard'];
const errors = { 400: FilterErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const dashboard = { access: { permission: 'can_view_dashboard' } } as const;
const KindParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
// Spec 1 §7 extra-json/{path}: only the paths we serve; any other is 404.
const ExtraJsonParamsSchema = z.object({ path: z.string().max(100) });
// Before validation: the raw query string's `q`.
const hasNameSearch = (query: unknown) =>
  typeof query === 'object' && query !== null && 'q' in query && Boolean((query as { q: unknown }).q);

export async function workflowListRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Same path as the create call (POST, modules/workflows); a different method, so no clash.
  api.get(
    DASHBOARD_PATHS.workflows,
    {
      // A name search scans names: expensive (issue 17); the filtered and plain pages are cheap.
      config: { ...dashboard, lane: (request) => (hasNameSearch(request.query) ? 'expensive' : 'cheap') },
      schema: {
        tags,
        summary: 'The workflow list: filters, advanced filters, ordering and paging (docs/dashboard.md)',
        querystring: WorkflowListQuerySchema,
        response: { 200: WorkflowListPageSchema, ...errors },
      },
    },
    async (request) => listWorkflows(userContext(request), request, request.query),
  );

  // A static segment: the router matches it before the workflow-kinds/{id}/... routes below
  // (tested), whatever the registration order.
  api.get(
    DASHBOARD_PATHS.kindWorkflowCounts,
    {
      config: { ...dashboard, lane: 'expensive' },
      schema: {
        tags,
        summary: "Workflows per kind under the list's filters (kind parameters aside), for the sidebar",
        querystring: KindWorkflowCountsQuerySchema,
        response: { 200: KindWorkflowCountsSchema, ...errors },
      },
    },
    async (request) => kindWorkflowCounts(userContext(request), request.query),
  );

  api.get(
    '/api/v1/workflow-kinds/:id/count/',
    {
      config: { ...dashboard, lane: 'expensive' },
      schema: {
        tags,
        summary: "A kind's task queues: workflows with an open step per step group, under the list's filters",
        params: KindParamsSchema,
        querystring: KindCountQuerySchema,
        response: { 200: KindCountsSchema, ...errors },
      },
    },
    async (request) => stepgroupCounts(userContext(request), request.params.id, request.query),
  );

  api.get(
    '/api/v1/workflow-kinds/:id/alert-count/',
    {
      config: { access: { permission: 'can_view_alerts' }, lane: 'expensive' },
      schema: {
        tags,
        summary: "Open alerts of a kind's workflows per alert tag and colour, under the list's filters",
        params: KindParamsSchema,
        querystring: KindAlertCountQuerySchema,
        response: { 200: KindAlertCountsSchema, ...errors },
      },
    },
    async (request) => alertCounts(userContext(request), request.params.id, request.query),
  );

  api.get(
    DASHBOARD_PATHS.fieldsExportJson,
    {
      config: dashboard,
      schema: {
        tags,
        summary: "The advanced-filter attributes of a kind's current definition",
        querystring: FieldsExportQuerySchema,
        response: { 200: FieldsExportSchema, ...errors },
      },
    },
    async (request) => fieldsExport(userContext(request), request.query.active_kind),
  );

  api.get(
    '/api/v1/extra-json/:path/',
    {
      config: dashboard,
      schema: {
        tags,
        summary: 'Extra option lists of the dashboard: user_group_list (the groups for my tasks)',
        params: ExtraJsonParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: UserGroupListSchema, ...errors },
      },
    },
    async (request) => {
      if (request.params.path !== 'user_group_list') throw new NotFoundError();
      const { rows, count } = await userGroupList(userContext(request), request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );
}
