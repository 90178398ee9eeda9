import {
  ActivityPageSchema,
  AddStepUserRequestSchema,
  ChildWorkflowCreatedSchema,
  CreateChildWorkflowRequestSchema,
  DynamicOptionsSchema,
  GetAnswerQuerySchema,
  GetAnswerResponseSchema,
  PageQuerySchema,
  StepUsersSchema,
  WORKFLOW_PATHS,
  WorkflowDetailSchema,
  WorkflowFieldParamsSchema,
  WorkflowIdParamsSchema,
  WorkflowStepParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { changeHooks, type WorkflowRouteDeps } from './change-hooks.js';
import { createChildWorkflow } from './child-workflows.service.js';
import { addStepUser, listStepUsers, removeStepUser } from './step-users.service.js';
import { dynamicOptions, getAnswer } from './workflow-lookups.service.js';
import { archiveWorkflow, listActivity } from './workflow-records.service.js';
import { workflowErrors } from './workflows.routes.js';

const tags = ['workflows'];
const AssigneeParamsSchema = WorkflowStepParamsSchema.extend({
  assignee_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

// Step users, archive, activity log, child workflows and the look-ups of one workflow.
export async function workflowRecordsRoutes(app: FastifyInstance, deps: WorkflowRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/workflows/:id/steps/:step_tag/users/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A step's assignees",
        params: WorkflowStepParamsSchema,
        response: { 200: StepUsersSchema, ...workflowErrors },
      },
    },
    async (request) => ({
      results: await listStepUsers(userContext(request), request.params.id, request.params.step_tag),
    }),
  );

  api.post(
    '/api/v1/workflows/:id/steps/:step_tag/users/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "Assign a user or a group of the tenant to a step (its assignees, members of its groups, or 'Can undo a step')",
        params: WorkflowStepParamsSchema,
        body: AddStepUserRequestSchema,
        response: { 201: StepUsersSchema, ...workflowErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        results: await addStepUser(
          userContext(request),
          request.params.id,
          request.params.step_tag,
          request.body,
          { realtime: deps.realtime, ipAddress: request.ip, tasks: deps.tasks ?? null },
        ),
      }),
  );

  api.delete(
    '/api/v1/workflows/:id/steps/:step_tag/users/:assignee_id/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Remove an assignee from a step (oneself always; anyone else as for adding)',
        params: AssigneeParamsSchema,
        response: { 200: StepUsersSchema, ...workflowErrors },
      },
    },
    async (request) => ({
      results: await removeStepUser(
        userContext(request),
        request.params.id,
        request.params.step_tag,
        request.params.assignee_id,
        { realtime: deps.realtime, ipAddress: request.ip, tasks: deps.tasks ?? null },
      ),
    }),
  );

  api.post(
    '/api/v1/workflows/:id/archive/',
    {
      config: { access: { permission: 'can_archive_workflow' } },
      schema: {
        tags,
        summary: 'Archive a workflow; it refuses changes from then on',
        params: WorkflowIdParamsSchema,
        response: { 200: WorkflowDetailSchema, ...workflowErrors },
      },
    },
    async (request) => archiveWorkflow(userContext(request), request.params.id, deps.realtime),
  );

  api.get(
    '/api/v1/workflows/:id/activity/',
    {
      config: { access: { permission: 'can_view_activity_log' } },
      schema: {
        tags,
        summary: "A workflow's activity log, newest first",
        params: WorkflowIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ActivityPageSchema, ...workflowErrors },
      },
    },
    async (request) => {
      const { rows, count } = await listActivity(userContext(request), request.params.id, request.query);
      return pageResponse(request, rows, count, request.query);
    },
  );

  api.post(
    '/api/v1/workflows/:id/fields/:field_tag/children/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Start a child workflow from a child_workflow field; the field's answer gains it",
        params: WorkflowFieldParamsSchema,
        body: CreateChildWorkflowRequestSchema,
        response: { 201: ChildWorkflowCreatedSchema, ...workflowErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createChildWorkflow(
            userContext(request),
            request.params.id,
            request.params.field_tag,
            request.body,
            changeHooks(deps),
          ),
        ),
  );

  api.get(
    WORKFLOW_PATHS.getAnswer,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The current answer of one field',
        querystring: GetAnswerQuerySchema,
        response: { 200: GetAnswerResponseSchema, ...workflowErrors },
      },
    },
    async (request) => getAnswer(userContext(request), request.query.workflow_id, request.query.field_tag),
  );

  api.get(
    '/api/v2/dynamic_lov/workflow/:id/:field_tag/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The list of values a field of this workflow offers',
        params: WorkflowFieldParamsSchema,
        response: { 200: DynamicOptionsSchema, ...workflowErrors },
      },
    },
    async (request) => dynamicOptions(userContext(request), request.params.id, request.params.field_tag),
  );
}
