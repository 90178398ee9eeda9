import {
  AnswerRequestSchema,
  LockStepRequestSchema,
  WorkflowDetailSchema,
  WorkflowIdParamsSchema,
  WorkflowStepParamsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userContext } from '../../platform/request-context.js';
import { saveAnswer } from './answers.service.js';
import { changeHooks, type WorkflowRouteDeps } from './change-hooks.js';
import { actOnStep, lockStep } from './steps.service.js';
import { workflowErrors } from './workflows.routes.js';

const tags = ['workflows'];

// Answers and step actions on one workflow. Changing needs full access to its region or business
// unit; submit needs 'Can submit a step', undo and lock 'Can undo a step' (a supervisor's right).
export async function workflowActionsRoutes(app: FastifyInstance, deps: WorkflowRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: WorkflowDetailSchema, ...workflowErrors };

  api.post(
    '/api/v1/workflows/:id/responses/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Save one answer (validated, versioned); null clears it',
        params: WorkflowIdParamsSchema,
        body: AnswerRequestSchema,
        response,
      },
    },
    async (request) => saveAnswer(userContext(request), request.params.id, request.body, changeHooks(deps)),
  );

  api.post(
    '/api/v1/workflows/:id/steps/:step_tag/submit/',
    {
      config: { access: { permission: 'can_submit_step' } },
      schema: {
        tags,
        summary: 'Submit a step: every required answer present and valid',
        params: WorkflowStepParamsSchema,
        response,
      },
    },
    async (request) =>
      actOnStep(
        userContext(request),
        request.params.id,
        request.params.step_tag,
        'submit',
        changeHooks(deps),
      ),
  );

  api.post(
    '/api/v1/workflows/:id/steps/:step_tag/undo/',
    {
      config: { access: { permission: 'can_undo_step' } },
      schema: {
        tags,
        summary: 'Undo a submitted step: it re-opens',
        params: WorkflowStepParamsSchema,
        response,
      },
    },
    async (request) =>
      actOnStep(userContext(request), request.params.id, request.params.step_tag, 'undo', changeHooks(deps)),
  );

  api.post(
    '/api/v1/workflows/:id/steps/:step_tag/lock/',
    {
      config: { access: { permission: 'can_undo_step' } },
      schema: {
        tags,
        summary: 'Lock or unlock a step; a locked step refuses answers and submission',
        params: WorkflowStepParamsSchema,
        body: LockStepRequestSchema,
        response,
      },
    },
    async (request) =>
      lockStep(
        userContext(request),
        request.params.id,
        request.params.step_tag,
        request.body.is_locked,
        deps.realtime,
      ),
  );
}
