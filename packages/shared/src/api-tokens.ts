import { z } from 'zod';
import { pageOf } from './pagination.js';
import { PERMISSION_CODENAMES, type PermissionCodename } from './permissions.js';
import { text } from './validators/input-limits.js';

// Issue 19, instance settings "integration tokens" (spec 2 §9.4): API tokens another system sends as
// `Authorization: Bearer att_<id>_<secret>`. docs/administration.md "API tokens".
export const API_TOKEN_PATHS = {
  tokens: '/api/v1/admin/api-tokens/',
  revoke: (id: number) => `/api/v1/admin/api-tokens/${id}/revoke/`,
} as const;

// A recognisable prefix (secret scanners and people can tell what leaked) and a public id part, so the
// server finds the row by id and compares only the secret's hash.
export const API_TOKEN_PREFIX = 'att_';

// Every token expires: at most a year, so a forgotten one does not stay valid for ever.
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;
export const API_TOKEN_NAME_MAX = 100;
// Active (neither revoked nor expired) tokens a tenant may hold at once.
export const API_TOKEN_MAX_ACTIVE = 100;

// Scopes a token can never carry: acting as someone else is for people only.
export const API_TOKEN_UNGRANTABLE: readonly PermissionCodename[] = ['can_impersonate_users'];

export const API_TOKEN_MESSAGES = {
  invalidToken: 'Invalid or expired API token.',
  notAllowed: 'API tokens cannot be used for this action; sign in as a person.',
  scopeNotHeld: 'A token can only carry permissions you hold yourself.',
  scopeUngrantable: 'This permission cannot be given to an API token.',
  tooManyActive: `A tenant can hold at most ${API_TOKEN_MAX_ACTIVE} active API tokens. Revoke one first.`,
  alreadyRevoked: 'This API token is already revoked.',
  // Issue 19: a token outlives the sign-in that made it, so it is made only after a second factor.
  mfaRequired:
    'Your organisation requires two-step verification. Sign in again with your authenticator app (or set one up in your account security) before creating an API token.',
} as const;

export const API_TOKEN_ERROR_CODES = {
  invalidToken: 'invalid_api_token',
  notAllowed: 'api_token_not_allowed',
  tooManyActive: 'api_tokens_limit',
  alreadyRevoked: 'api_token_revoked',
  mfaRequired: 'api_token_mfa_required',
} as const;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

const PermissionCodenameSchema = z.enum(
  PERMISSION_CODENAMES as [PermissionCodename, ...PermissionCodename[]],
);

export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: text(),
  // att_<id>: the visible start of the token, to tell which row a token string belongs to.
  prefix: text(),
  scopes: z.array(PermissionCodenameSchema),
  creator: z.object({ id: z.number().int(), email: text(), name: text() }).nullable(),
  created_at: text(),
  expires_at: text(),
  last_used_at: text().nullable(),
  revoked_at: text().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokensPageSchema = pageOf(ApiTokenSchema);

export const ApiTokenCreateSchema = z
  .object({
    name: text().trim().min(1).max(API_TOKEN_NAME_MAX),
    scopes: z
      .array(PermissionCodenameSchema)
      .min(1, 'Choose at least one permission.')
      .max(PERMISSION_CODENAMES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each permission may be named once.'),
    expires_in_days: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof ApiTokenCreateSchema>;

// The only answer that carries the secret: shown once, never stored.
export const ApiTokenCreatedSchema = ApiTokenSchema.extend({ token: text() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;
