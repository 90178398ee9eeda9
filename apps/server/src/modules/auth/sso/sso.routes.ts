import {
  ApiErrorSchema,
  SsoAuthorizeQuerySchema,
  SsoCallbackQuerySchema,
  SsoProvidersResponseSchema,
} from '@attest/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import { tenantContext } from '../../../platform/request-context.js';
import { withTenant } from '../../../platform/tenant-transaction.js';
import { type SsoRouteDeps, ssoContext } from './sso-context.js';
import { finishSsoLogin, SSO_STATE_TTL_MS, SsoLoginError, startSsoLogin } from './sso-login.service.js';
import { ssoProvidersRepository } from './sso-providers.repository.js';

const tags = ['single sign-on'];
const SsoSlugParams = z.object({ slug: z.string().min(1).max(63) });
const redirect = z.null().describe('302 to the next page');

// Binds a login to the browser that started it (login CSRF): httpOnly, sent only to the SSO paths,
// and Lax so that the top-level return from the provider carries it.
const STATE_COOKIE = 'sso_state';
const STATE_COOKIE_PATH = '/api/v1/users/sso/';

// Spec 1 sections 2 and 4: /login/{loginType}, the popup flow and `next` kept across the round trip.
export async function ssoRoutes(app: FastifyInstance, deps: SsoRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/users/sso/providers/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Enabled single sign-on providers, for the login page',
        response: { 200: SsoProvidersResponseSchema },
      },
    },
    async (request) => {
      const ctx = tenantContext(request);
      const rows = await withTenant(ctx.db, ctx.tenant.id, (tx) => ssoProvidersRepository.listEnabled(tx));
      return { results: rows };
    },
  );

  api.get(
    '/api/v1/users/sso/:slug/authorize/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Leave for the provider (302); ?next= is kept, ?popup=1 ends on the close-this-page screen',
        params: SsoSlugParams,
        querystring: SsoAuthorizeQuerySchema,
        response: { 302: redirect, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { next, popup } = request.query;
      try {
        const { url, state } = await startSsoLogin(ssoContext(request, deps.secretBox), request.params.slug, {
          next,
          popup: popup === '1' || popup === 'true',
        });
        reply.setCookie(STATE_COOKIE, state, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.COOKIE_SECURE,
          maxAge: SSO_STATE_TTL_MS / 1000,
        });
        return reply.redirect(url, 302);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  api.get(
    '/api/v1/users/sso/:slug/callback/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Return from the provider: signs in, then 302 to next, the MFA step or the close screen',
        params: SsoSlugParams,
        querystring: SsoCallbackQuerySchema,
        response: { 302: redirect, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const ctx = ssoContext(request, deps.secretBox);
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      try {
        const result = await finishSsoLogin(ctx, request.params.slug, {
          currentUrl: new URL(request.url, ctx.origin),
          state: request.query.state,
          browserState: request.cookies[STATE_COOKIE],
          error: request.query.error,
          client: clientInfo(request),
        });
        sendSignInOutcome(request, reply, result.outcome);
        const next = result.nextPath ?? '/';
        if (result.outcome.kind === 'mfa_required') {
          return reply.redirect(`/login/mfa?next=${encodeURIComponent(next)}`, 302);
        }
        return reply.redirect(result.popup ? '/login/close' : next, 302);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
}

// A refused sign-in lands on the login page with a code the web app translates; anything else
// (an unknown provider: 404) takes the usual error path.
function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof SsoLoginError)) throw error;
  reply.log.warn({ err: error, cause: error.cause }, 'single sign-on refused');
  return reply.redirect(`/login?sso_error=${error.code}`, 302);
}
