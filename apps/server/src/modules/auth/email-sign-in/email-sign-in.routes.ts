import {
  AcceptedSchema,
  ApiErrorSchema,
  CaptchaConfigSchema,
  LoginResponseSchema,
  MagicLinkLoginSchema,
  RequestMagicLinkSchema,
  RequestOtpSchema,
  SIGN_IN_PATHS,
  SignInWithNextResponseSchema,
  SubmitOtpSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import type { CaptchaGuard } from '../../../platform/captcha/captcha-guard.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { tenantContext } from '../../../platform/request-context.js';
import { createLoginCodeService } from './login-code.service.js';
import { createMagicLinkService } from './magic-link.service.js';

const tags = ['sign-in'];
const errors = { 400: ApiErrorSchema, 429: ApiErrorSchema };

// Signing in with what arrives by e-mail: a one-time code or a magic link (spec 1 sections 4 and 7).
// What the e-mailed sign-in routes use of the process's services.
export type EmailSignInRouteDeps = { mail: Mailer; captcha: CaptchaGuard };

export async function emailSignInRoutes(app: FastifyInstance, services: EmailSignInRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = { config: app.config, mail: services.mail, captcha: services.captcha };
  const loginCodes = createLoginCodeService(deps);
  const magicLinks = createMagicLinkService(deps);

  api.post(
    SIGN_IN_PATHS.requestOtp,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a one-time sign-in code (the same answer whether or not the account exists)',
        body: RequestOtpSchema,
        response: { 200: AcceptedSchema, ...errors },
      },
    },
    (request) => loginCodes.requestCode(tenantContext(request), request.body, clientInfo(request)),
  );

  api.post(
    SIGN_IN_PATHS.submitOtp,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with an e-mailed one-time code',
        body: SubmitOtpSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await loginCodes.submitCode(tenantContext(request), request.body, clientInfo(request));
      return sendSignInOutcome(request, reply, outcome);
    },
  );

  api.post(
    SIGN_IN_PATHS.requestMagicLink,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a single-use sign-in link (the same answer whether or not the account exists)',
        body: RequestMagicLinkSchema,
        response: { 200: AcceptedSchema, ...errors },
      },
    },
    (request) => magicLinks.requestLink(tenantContext(request), request.body, clientInfo(request)),
  );

  api.post(
    SIGN_IN_PATHS.magicLinkLogin,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sign in with a magic link's token (the confirm button of the link's page)",
        body: MagicLinkLoginSchema,
        response: { 200: SignInWithNextResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { outcome, nextPath } = await magicLinks.signIn(
        tenantContext(request),
        request.body.token,
        clientInfo(request),
      );
      return { ...sendSignInOutcome(request, reply, outcome), next_path: nextPath };
    },
  );

  api.get(
    SIGN_IN_PATHS.captchaConfig,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Whether the tenant's sign-in forms show a captcha, and its site key",
        response: { 200: CaptchaConfigSchema },
      },
    },
    (request) => services.captcha.publicConfig(tenantContext(request)),
  );
}
