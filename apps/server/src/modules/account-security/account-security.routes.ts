import {
  ACCOUNT_PATHS,
  ApiErrorSchema,
  ChangePasswordSchema,
  PageQuerySchema,
  RecoveryCodesResponseSchema,
  RevokedSessionsSchema,
  SessionsPageSchema,
  TotpCodeSchema,
  TotpDisableSchema,
  TotpSetupResponseSchema,
  UserSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../platform/auth/client-info.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookies.js';
import { rotateCsrfToken } from '../../platform/auth/session-hook.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { pageResponse } from '../../platform/page-response.js';
import { userContext } from '../../platform/request-context.js';
import { listSessions, revokeOtherSessions, revokeSession } from './account-sessions.service.js';
import { changePassword } from './change-password.service.js';
import { createMfaService } from './mfa.service.js';

const tags = ['account security'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
};

// Each person's own authenticator app, password and sessions.
// What the account security routes use of the process's services.
export type AccountSecurityRouteDeps = { secretBox: SecretBox; mail: Mailer };

export async function accountSecurityRoutes(
  app: FastifyInstance,
  deps: AccountSecurityRouteDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mfa = createMfaService({
    secretBox: deps.secretBox,
    secretKey: app.config.SECRET_KEY,
    mail: deps.mail,
  });

  // Enrolment stays open to a session that the tenant holds to enrol first.
  const enrolment = {
    access: 'authenticated',
    allowDuringMfaEnrolment: true,
    forbiddenWhileImpersonating: true,
  } as const;
  const selfOnly = { access: 'authenticated', forbiddenWhileImpersonating: true } as const;

  api.post(
    ACCOUNT_PATHS.totpSetup,
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app (replaces an unconfirmed one)',
        response: { 200: TotpSetupResponseSchema, ...errors },
      },
    },
    (request) => mfa.setupTotp(userContext(request)),
  );

  api.post(
    ACCOUNT_PATHS.totpConfirm,
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'Confirm the authenticator app with its first code; answers the recovery codes',
        body: TotpCodeSchema,
        response: { 200: RecoveryCodesResponseSchema, ...errors },
      },
    },
    (request) => mfa.confirmTotp(userContext(request), request.body.code, request.ip),
  );

  api.post(
    ACCOUNT_PATHS.recoveryCodes,
    {
      config: selfOnly,
      schema: {
        tags,
        summary: 'Replace the recovery codes (the old ones stop working)',
        response: { 200: RecoveryCodesResponseSchema, ...errors },
      },
    },
    (request) => mfa.regenerateRecoveryCodes(userContext(request), request.ip),
  );

  api.post(
    ACCOUNT_PATHS.totpDisable,
    {
      config: selfOnly,
      schema: {
        tags,
        summary: 'Turn the authenticator app off (needs the password)',
        body: TotpDisableSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disableTotp(userContext(request), request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.post(
    ACCOUNT_PATHS.changePassword,
    {
      config: selfOnly,
      schema: {
        tags,
        summary: 'Change the password; ends every other session and renews this one',
        body: ChangePasswordSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await changePassword(
        userContext(request),
        request.body,
        clientInfo(request),
        deps.mail,
      );
      // The renewed session's cookie; the session hook sends its CSRF token.
      setSessionCookie(reply, session.token, session.expiresAt);
      request.auth = session.auth;
      return session.user;
    },
  );

  api.get(
    ACCOUNT_PATHS.sessions,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's active sessions, newest first",
        querystring: PageQuerySchema,
        response: { 200: SessionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const { results, count } = await listSessions(userContext(request), request.query);
      return pageResponse(request, results, count, request.query);
    },
  );

  api.delete(
    `${ACCOUNT_PATHS.sessions}:id/`,
    {
      config: selfOnly,
      schema: {
        tags,
        summary: 'End one of my sessions',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { current } = await revokeSession(userContext(request), request.params.id, clientInfo(request));
      if (current) {
        clearSessionCookie(reply);
        request.auth = null;
        rotateCsrfToken(request);
      }
      return reply.status(204).send(null);
    },
  );

  api.post(
    ACCOUNT_PATHS.revokeOtherSessions,
    {
      config: selfOnly,
      schema: {
        tags,
        summary: 'End all my other sessions',
        response: { 200: RevokedSessionsSchema, ...errors },
      },
    },
    (request) => revokeOtherSessions(userContext(request), clientInfo(request)),
  );
}
