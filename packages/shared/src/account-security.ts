import { z } from 'zod';
import { pageOf } from './pagination.js';
import { SIGN_IN_CODE_PATTERN } from './sign-in-flows.js';
import { text } from './validators/input-limits.js';

// The signed-in user's own security settings: authenticator app, recovery codes, password, sessions.
export const ACCOUNT_PATHS = {
  totpSetup: '/api/v1/users/mfa/totp/setup/',
  totpConfirm: '/api/v1/users/mfa/totp/confirm/',
  totpDisable: '/api/v1/users/mfa/totp/disable/',
  recoveryCodes: '/api/v1/users/mfa/recovery-codes/',
  changePassword: '/api/v1/users/change_password/',
  sessions: '/api/v1/users/sessions/',
  session: (id: string) => `/api/v1/users/sessions/${encodeURIComponent(id)}/`,
  revokeOtherSessions: '/api/v1/users/sessions/revoke_others/',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const TotpSetupResponseSchema = z.object({
  secret: text(),
  otpauth_url: text(),
  // A PNG data URL of the otpauth QR code.
  qr_code: text(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;
export const TotpCodeSchema = z.strictObject({
  code: text().trim().regex(SIGN_IN_CODE_PATTERN),
});
export const RecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(text()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;
export const TotpDisableSchema = z.strictObject({ password: text().min(1).max(1024) });

export const ChangePasswordSchema = z.strictObject({
  current_password: text().min(1).max(1024),
  new_password: text().max(1024),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const SessionSummarySchema = z.object({
  id: text(),
  current: z.boolean(),
  auth_method: text(),
  user_agent: text().nullable(),
  ip_address: text().nullable(),
  created_at: text(),
  last_seen_at: text(),
  expires_at: text(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
export const SessionsPageSchema = pageOf(SessionSummarySchema);
export const RevokedSessionsSchema = z.object({ revoked: z.number().int() });
