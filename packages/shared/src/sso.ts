import { z } from 'zod';
import { pageOf } from './pagination.js';
import { text } from './validators/input-limits.js';

// Single sign-on with OpenID Connect, one or more providers per tenant (issue 3). The slug is the
// {loginType} of /login/{loginType}, so it may not take a name the sign-in pages already use.
export const RESERVED_LOGIN_TYPES = [
  'mfa',
  'code',
  'magic',
  'close',
  'invitation',
  'export-chart',
  'sso',
] as const;

// The `sso_error` codes the callback sends back to /login; the web app has a sentence for each.
export const SSO_ERROR_CODES = {
  accessDenied: 'access_denied',
  invalidState: 'invalid_state',
  emailDomainNotAllowed: 'email_domain_not_allowed',
  emailNotVerified: 'email_not_verified',
  accountNotLinked: 'account_not_linked',
  userInactive: 'user_inactive',
  providerUnavailable: 'provider_unavailable',
  failed: 'sso_failed',
} as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[keyof typeof SSO_ERROR_CODES];

const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as example.com.',
  );

const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
    'Enter an http:// or https:// address.',
  );

export const SsoProviderSchema = z.object({
  id: z.number().int(),
  slug: text(),
  display_name: text(),
  issuer: text(),
  client_id: text(),
  allowed_email_domains: z.array(text()),
  default_group_id: z.number().int().nullable(),
  logout_redirect_url: text().nullable(),
  enabled: z.boolean(),
  // The URL to register at the provider for this tenant.
  redirect_uri: text(),
  created_at: text(),
});
export type SsoProvider = z.infer<typeof SsoProviderSchema>;
export const SsoProvidersPageSchema = pageOf(SsoProviderSchema);

// The client secret is write-only: sealed at rest, never answered.
export const SsoProviderCreateSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Use lowercase letters, digits and hyphens.'),
    display_name: text().trim().min(1).max(100),
    issuer: HttpUrlSchema,
    client_id: text().trim().min(1).max(255),
    client_secret: text().min(1).max(1024),
    allowed_email_domains: z.array(EmailDomainSchema).min(1).max(50),
    default_group_id: z.number().int().min(1).nullable().optional(),
    logout_redirect_url: HttpUrlSchema.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type SsoProviderCreate = z.infer<typeof SsoProviderCreateSchema>;
export const SsoProviderUpdateSchema = SsoProviderCreateSchema.partial().strict();
export type SsoProviderUpdate = z.infer<typeof SsoProviderUpdateSchema>;

export const SsoAuthorizeQuerySchema = z.object({
  next: text().max(2048).optional(),
  popup: z.enum(['1', '0', 'true', 'false']).optional(),
});

// What the provider sends back; openid-client reads the raw URL, this only bounds it.
export const SsoCallbackQuerySchema = z.object({
  code: text().max(4096).optional(),
  state: text().max(512).optional(),
  iss: text().max(2048).optional(),
  error: text().max(200).optional(),
  error_description: text().max(2000).optional(),
  session_state: text().max(512).optional(),
});
