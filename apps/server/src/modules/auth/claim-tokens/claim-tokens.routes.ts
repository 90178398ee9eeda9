import {
  ApiErrorSchema,
  ClaimTokenRequestSchema,
  MintClaimTokenRequestSchema,
  MintClaimTokenResponseSchema,
  SIGN_IN_PATHS,
  SignInWithNextResponseSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../../platform/auth/client-info.js';
import { sendSignInOutcome } from '../../../platform/auth/sign-in-response.js';
import { tenantContext, userContext } from '../../../platform/request-context.js';
import { claimToken, mintClaimToken } from './claim-tokens.service.js';

const tags = ['sign-in'];

export async function claimTokensRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    SIGN_IN_PATHS.mintClaimToken,
    {
      // An administrator's impersonation must not turn into a plain session of the impersonated user.
      config: { access: 'authenticated', forbiddenWhileImpersonating: true },
      schema: {
        tags,
        summary: 'Mint a single-use token (60 s) that signs another view in as this user',
        body: MintClaimTokenRequestSchema,
        response: { 200: MintClaimTokenResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => mintClaimToken(userContext(request), request.body),
  );

  api.post(
    SIGN_IN_PATHS.claimToken,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchange a claim token for a session (or the MFA step)',
        body: ClaimTokenRequestSchema,
        response: { 200: SignInWithNextResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { outcome, nextPath } = await claimToken(
        tenantContext(request),
        request.body.token,
        clientInfo(request),
      );
      return { ...sendSignInOutcome(request, reply, outcome), next_path: nextPath };
    },
  );
}
