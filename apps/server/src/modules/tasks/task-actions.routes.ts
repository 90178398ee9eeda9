import {
  ApiErrorSchema,
  FollowUpRequestSchema,
  FollowUpSchema,
  ReassignTasksRequestSchema,
  ReassignTasksResponseSchema,
  TaskActionOkSchema,
  TaskParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import { claimTask, unclaimTask } from './task-claims.service.js';
import { setFollowUp } from './task-follow-ups.service.js';
import { reassignTasks } from './task-reassign.service.js';

const tags = ['tasks'];
// The whole /tasks API needs 'Can view tasks' (issue 16); each action checks more in its service.
const access = { permission: 'can_view_tasks' } as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export type TaskActionsRouteDeps = { realtime: RealtimePublisher };

// Claim, unclaim, reassign and follow-up of tasks (docs/tasks.md).
export async function taskActionsRoutes(app: FastifyInstance, deps: TaskActionsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/tasks/:workflow_id/:step_tag/claim/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Claim a task of one of your groups (or one nobody holds); 409 'task_already_claimed' when someone holds it",
        params: TaskParamsSchema,
        response: { 200: TaskActionOkSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      claimTask(userContext(request), request.params.workflow_id, request.params.step_tag, {
        realtime: deps.realtime,
        ipAddress: request.ip,
      }),
  );

  api.post(
    '/api/v1/tasks/:workflow_id/:step_tag/unclaim/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Give a task you claimed back to its group',
        params: TaskParamsSchema,
        response: { 200: TaskActionOkSchema, ...errors },
      },
    },
    async (request) =>
      unclaimTask(userContext(request), request.params.workflow_id, request.params.step_tag, {
        realtime: deps.realtime,
        ipAddress: request.ip,
      }),
  );

  api.post(
    '/api/v1/tasks/reassign/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Reassign up to 100 tasks to one person ('Can undo a step'): all or nothing; each step's people are replaced",
        body: ReassignTasksRequestSchema,
        response: { 200: ReassignTasksResponseSchema, ...errors },
      },
    },
    async (request) =>
      reassignTasks(userContext(request), request.body, { realtime: deps.realtime, ipAddress: request.ip }),
  );

  api.put(
    '/api/v1/tasks/:workflow_id/:step_tag/follow-up/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Set your follow-up date on a task (only you see it); null clears it',
        params: TaskParamsSchema,
        body: FollowUpRequestSchema,
        response: { 200: FollowUpSchema, ...errors },
      },
    },
    async (request) =>
      setFollowUp(
        userContext(request),
        request.params.workflow_id,
        request.params.step_tag,
        request.body.follow_up_on,
      ),
  );
}
