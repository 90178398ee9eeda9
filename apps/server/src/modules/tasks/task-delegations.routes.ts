import {
  ApiErrorSchema,
  CreateDelegationRequestSchema,
  DelegationParamsSchema,
  DelegationSchema,
  DelegationsSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import { userContext } from '../../platform/request-context.js';
import { createDelegation, listDelegations, revokeDelegation } from './task-delegations.service.js';

const tags = ['tasks'];
const access = { permission: 'can_view_tasks' } as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

// A person's delegations of their tasks for a date range, given and received (docs/tasks.md).
export async function taskDelegationsRoutes(
  app: FastifyInstance,
  deps: { realtime: RealtimePublisher },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/task-delegations/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Your delegations in force or to come: those you gave and those you received',
        response: { 200: DelegationsSchema, ...errors },
      },
    },
    async (request) => listDelegations(userContext(request)),
  );

  api.post(
    '/api/v1/task-delegations/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delegate your tasks to someone for a date range (both days included; no overlap)',
        body: CreateDelegationRequestSchema,
        response: { 201: DelegationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createDelegation(userContext(request), request.body, {
          realtime: deps.realtime,
          ipAddress: request.ip,
        }),
      ),
  );

  api.delete(
    '/api/v1/task-delegations/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Revoke a delegation you gave',
        params: DelegationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeDelegation(userContext(request), request.params.id, {
        realtime: deps.realtime,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
}
