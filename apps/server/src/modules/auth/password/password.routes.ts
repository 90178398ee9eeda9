import { ApiErrorSchema, LoginRequestSchema, LoginResponseSchema } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import type { CaptchaGuard } from '../../../platform/captcha/captcha-guard.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { tenantContext } from '../../../platform/request-context.js';
import { login } from './password.service.js';

// Documented with the users endpoints, where the spec's client finds it.
const tags = ['users'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const throttled = { 429: ApiErrorSchema };

// What the password sign-in routes use of the process's services.
export type PasswordRouteDeps = { mail: Mailer; captcha: CaptchaGuard };

export async function passwordRoutes(app: FastifyInstance, deps: PasswordRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/users/login/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errors, ...throttled },
      },
    },
    async (request, reply) => {
      const ctx = tenantContext(request);
      await deps.captcha.assertCaptcha(ctx, {
        email: request.body.email,
        token: request.body.captcha_token,
        service: request.body.captcha_service,
        ip: request.ip,
      });
      const outcome = await login(ctx, request.body, clientInfo(request), {
        mail: deps.mail,
        config: app.config,
      });
      return sendSignInOutcome(request, reply, outcome);
    },
  );
}
