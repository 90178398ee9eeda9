import {
  ApiErrorSchema,
  LoginUsingMfaRequestSchema,
  SIGN_IN_PATHS,
  SignInWithNextResponseSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { MFA_CHALLENGE_COOKIE, sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import type { SecretBox } from '../../../platform/crypto/secret-box.js';
import { tenantContext } from '../../../platform/request-context.js';
import { createMfaSignIn } from './mfa-sign-in.service.js';

// Documented with the authenticator app it checks.
const tags = ['account security'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
};

// What the MFA sign-in routes use of the process's services.
export type MfaRouteDeps = { secretBox: SecretBox };

// The second sign-in step, after any first factor that the account's authenticator app guards.
export async function mfaRoutes(app: FastifyInstance, deps: MfaRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const loginUsingMfa = createMfaSignIn({
    secretBox: deps.secretBox,
    secretKey: app.config.SECRET_KEY,
  });

  api.post(
    SIGN_IN_PATHS.loginUsingMfa,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Complete a sign-in with an authenticator code or a recovery code',
        body: LoginUsingMfaRequestSchema,
        response: { 200: SignInWithNextResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { nextPath, ...session } = await loginUsingMfa(
        tenantContext(request),
        request.cookies[MFA_CHALLENGE_COOKIE],
        request.body.token,
        clientInfo(request),
      );
      reply.clearCookie(MFA_CHALLENGE_COOKIE, { path: '/api/' });
      return { ...sendSignInOutcome(request, reply, { kind: 'session', ...session }), next_path: nextPath };
    },
  );
}
