import {
  ApiErrorSchema,
  TASKS_PATHS,
  TaskCountsQuerySchema,
  TaskCountsSchema,
  TaskListPageSchema,
  TaskListQuerySchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { countTasks, listTasks } from './tasks-list.service.js';

const tags = ['tasks'];
// The whole /tasks API needs 'Can view tasks' (spec 2 §6).
const access = { access: { permission: 'can_view_tasks' } } as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

// The task inbox: a tab's page and the tabs' counts (docs/tasks.md).
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    TASKS_PATHS.list,
    {
      config: access,
      schema: {
        tags,
        summary:
          'One tab of the task inbox (mine, group, delegated, all): open steps the viewer can see, filtered, sorted and paged; 403 for a tab not offered',
        querystring: TaskListQuerySchema,
        response: { 200: TaskListPageSchema, ...errors },
      },
    },
    async (request) => listTasks(userContext(request), request, request.query),
  );

  api.get(
    TASKS_PATHS.counts,
    {
      config: { ...access, lane: 'expensive' },
      schema: {
        tags,
        summary: `Open tasks per tab under the same filters, exact up to the badge's cap; null for a tab not offered`,
        querystring: TaskCountsQuerySchema,
        response: { 200: TaskCountsSchema, ...errors },
      },
    },
    async (request) => countTasks(userContext(request), request.query),
  );
}
