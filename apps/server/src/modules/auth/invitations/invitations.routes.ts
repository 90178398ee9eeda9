import {
  AcceptInvitationSchema,
  ADMIN_PATHS,
  AdminUserSchema,
  ApiErrorSchema,
  InvitationRequestSchema,
  LoginResponseSchema,
  SIGN_IN_PATHS,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { tenantContext, userContext } from '../../../platform/request-context.js';
import { createInvitationsService } from './invitations.service.js';

const tags = ['invitations'];

// What the invitation routes use of the process's services.
export type InvitationsRouteDeps = { mail: Mailer };

export async function invitationsRoutes(app: FastifyInstance, deps: InvitationsRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const invitations = createInvitationsService({ config: app.config, mail: deps.mail });

  api.post(
    ADMIN_PATHS.invitations,
    {
      config: { access: { permission: 'can_manage_third_party_users' }, forbiddenWhileImpersonating: true },
      schema: {
        tags,
        summary: 'Invite a third-party (supplier) user by e-mail',
        body: InvitationRequestSchema,
        response: { 201: AdminUserSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await invitations.invite(userContext(request), request.body, request.ip);
      return reply.status(201).send(user);
    },
  );

  api.post(
    SIGN_IN_PATHS.acceptInvitation,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Accept an invitation: choose a password and sign in',
        body: AcceptInvitationSchema,
        response: { 200: LoginResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await invitations.accept(tenantContext(request), request.body, clientInfo(request));
      return sendSignInOutcome(request, reply, outcome);
    },
  );
}
