import { z } from 'zod';
import { CaptchaServiceSchema, LoginResponseSchema } from './auth.js';
import { text } from './validators/input-limits.js';

// Issue 3's sign-in paths (spec 1 sections 4 and 7). Every first factor answers LoginResponse: the
// user, or `mfa.requires_mfa_verification` with the pending challenge in an httpOnly cookie.
export const SIGN_IN_PATHS = {
  loginUsingMfa: '/api/v1/users/login_using_mfa/',
  requestOtp: '/api/v1/users/request_otp/',
  submitOtp: '/api/v1/users/submit_otp/',
  requestMagicLink: '/api/v1/users/request_magic_link/',
  magicLinkLogin: '/api/v1/users/magic_link_login/',
  claimToken: '/api/v1/ephemeral-auth/claim-token/',
  mintClaimToken: '/api/v1/ephemeral-auth/tokens/',
  ssoProviders: '/api/v1/users/sso/providers/',
  // GET .../{slug}/authorize/?next=&popup=1 redirects to the provider; the provider returns to callback.
  ssoAuthorize: (slug: string) => `/api/v1/users/sso/${encodeURIComponent(slug)}/authorize/`,
  ssoCallback: (slug: string) => `/api/v1/users/sso/${encodeURIComponent(slug)}/callback/`,
  acceptInvitation: '/api/v1/users/invitations/accept/',
  captchaConfig: '/api/v1/users/captcha/',
} as const;

export const CaptchaFieldsSchema = z.strictObject({
  captcha_token: text().max(4096).optional().nullable(),
  captcha_service: CaptchaServiceSchema,
});

// Authenticator-app codes (RFC 6238) and e-mailed sign-in codes are both six digits.
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`);

// The authenticator-app code (6 digits) or a recovery code (xxxxx-xxxxx).
export const LoginUsingMfaRequestSchema = z.strictObject({ token: text().trim().min(6).max(32) });

export const RequestOtpSchema = CaptchaFieldsSchema.extend({ email: text().trim().min(3).max(254) });
export const SubmitOtpSchema = CaptchaFieldsSchema.extend({
  email: text().trim().min(3).max(254),
  token: text().trim().regex(SIGN_IN_CODE_PATTERN),
});

export const RequestMagicLinkSchema = CaptchaFieldsSchema.extend({
  email: text().trim().min(3).max(254),
  next: text().max(2048).optional().nullable(),
});
export const MagicLinkLoginSchema = z.strictObject({ token: text().min(16).max(256) });
// Links and claim tokens carry a destination: the web app follows next_path (a same-origin path)
// once signed in, or after the MFA step.
export const SignInWithNextResponseSchema = LoginResponseSchema.and(
  z.object({ next_path: text().nullable() }),
);

// Request answers that never reveal whether an account exists.
export const AcceptedSchema = z.object({ detail: text() });

export const ClaimTokenRequestSchema = z.strictObject({ token: text().min(16).max(256) });
export const MintClaimTokenRequestSchema = z.strictObject({
  next: text().max(2048).optional().nullable(),
});
export const MintClaimTokenResponseSchema = z.object({ token: text(), expires_at: text() });

export const SsoProviderSummarySchema = z.object({ slug: text(), display_name: text() });
export const SsoProvidersResponseSchema = z.object({ results: z.array(SsoProviderSummarySchema) });

export const AcceptInvitationSchema = z.strictObject({
  token: text().min(16).max(256),
  password: text().max(1024),
});

export const CaptchaConfigSchema = z.object({ enabled: z.boolean(), site_key: text().nullable() });

// Lifetimes the web app states to people.
export const MAGIC_LINK_TTL_MINUTES = 15;
export const LOGIN_CODE_TTL_MINUTES = 10;
export const INVITATION_TTL_DAYS = 7;
// A claim token only bridges one view to another (chart export, e-mailed links): a minute is plenty.
export const CLAIM_TOKEN_TTL_SECONDS = 60;
