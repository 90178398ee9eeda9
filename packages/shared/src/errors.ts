import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-security.js';
import { text } from './validators/input-limits.js';

// Every error answer of the API: a message for people, a code for programs, field errors on 400.
export const ApiErrorSchema = z.object({
  detail: text(),
  code: text(),
  errors: z.record(text(), z.array(text())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ERROR_CODES = {
  invalid: 'invalid',
  notAuthenticated: 'not_authenticated',
  authenticationFailed: 'authentication_failed',
  permissionDenied: 'permission_denied',
  csrfFailed: 'csrf_failed',
  notFound: 'not_found',
  tenantNotFound: 'tenant_not_found',
  tenantMismatch: 'tenant_mismatch',
  impersonation: 'impersonation_error',
  maintenance: 'maintenance',
  serviceUnavailable: 'service_unavailable',
  tokenExpired: 'TOKEN_EXPIRED_INVALID',
  captchaInvalid: 'captcha_invalid',
  mfaEnrolmentRequired: 'mfa_enrolment_required',
  throttled: 'throttled',
  internal: 'internal_error',
} as const;

// The server's own messages. The web app translates by `code` where it shows its own text.
export const SERVER_MESSAGES = {
  invalidCredentials: 'Unable to log in with provided credentials.',
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
  csrfFailed: 'CSRF Failed: CSRF token missing or incorrect.',
  tenantMismatch: 'The tenant header does not match the host.',
  serviceUnavailable: 'Service Unavailable',
  maintenance: 'The service is under maintenance.',
  notFound: 'Not found.',
  internal: 'An internal error occurred.',
  invalidInput: 'Invalid input.',
  unsupportedLanguage: 'This language is not supported.',
  invalidTimezone: 'Unknown time zone.',
  mfaEnrolmentRequired:
    'Your organisation requires multi-factor authentication. Set up an authenticator app to continue.',
  tooManyAttempts: 'Too many failed attempts. Please wait a moment before trying again.',
  passwordTooShort: `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordTooPersonal: 'This password is too similar to your e-mail address or name.',
  totpAlreadyEnabled: 'An authenticator app is already set up. Turn it off before setting up another.',
  totpNotSetUp: 'Set up an authenticator app first.',
  totpNotEnabled: 'No authenticator app is set up for this account.',
  invalidVerificationCode: 'Invalid verification code.',
  mfaRequiredByTenant: 'Your organisation requires multi-factor authentication, so it cannot be turned off.',
  mfaChallengeExpired: 'This sign-in has expired. Please sign in again.',
  incorrectPassword: 'Your current password is incorrect.',
  passwordUnchanged: 'The new password must be different from the current one.',
  // E-mailed codes and links, claim tokens, invitations, captcha (issue 3).
  otpRequested: 'If an account exists for this e-mail, we have sent it a sign-in code.',
  magicLinkRequested: 'If an account exists for this e-mail, we have sent it a sign-in link.',
  invalidOrExpiredCode: 'Invalid or expired code.',
  magicLinkExpired: 'This sign-in link has expired or has already been used.',
  claimTokenExpired: 'This token has expired or has already been used.',
  invitationExpired: 'This invitation has expired or has already been used.',
  invalidEmail: 'Enter a valid e-mail address.',
  emailTaken: 'A user with this e-mail address already exists.',
  captchaRequired: 'Please complete the captcha to continue.',
  captchaFailed: 'The captcha could not be verified. Please try again.',
  // Administration (issue 3).
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  unknownGroups: 'One or more of these groups do not exist.',
  unknownPermissions: 'One or more of these permissions do not exist.',
  unknownRegions: 'One or more of these regions do not exist.',
  unknownBusinessUnits: 'One or more of these business units do not exist.',
  duplicateAccessEntries: 'Each region and business unit may be listed only once.',
  groupNameTaken: 'A group with this name already exists.',
  // Impersonation (issue 3).
  cannotImpersonateSelf: 'You cannot impersonate yourself.',
  cannotImpersonateInactive: 'This user is inactive and cannot be impersonated.',
  cannotImpersonatePrivileged:
    'Users who can administer the platform or impersonate others cannot be impersonated.',
  notImpersonating: 'You are not impersonating anyone.',
  // Single sign-on administration (issue 3).
  ssoSlugTaken: 'A single sign-on provider with this login name already exists.',
  ssoIssuerInsecure: 'The issuer must be an https:// address (http:// only for this machine).',
  ssoSlugReserved: 'This login name is used by the sign-in pages. Choose another.',
  // Sign-in security settings (issue 3).
  captchaSiteKeyRequired: 'Enter the hCaptcha site key to turn on captcha.',
  captchaSecretRequired: 'Enter the hCaptcha secret to turn on captcha.',
} as const;

// Status 434 answers name both people (spec 1 sections 6 and 8).
export function impersonationActionNotAllowedMessage(impersonator: string, impersonatee: string): string {
  return `${impersonator} cannot do this while impersonating ${impersonatee}. Stop impersonating to continue.`;
}

export function nestedImpersonationMessage(impersonator: string, impersonatee: string): string {
  return `${impersonator} is already impersonating ${impersonatee}. Stop impersonating before impersonating someone else.`;
}

export function tenantNotFoundMessage(tenant: string): string {
  return `No tenant named "${tenant}" exists. Check the address and try again.`;
}
