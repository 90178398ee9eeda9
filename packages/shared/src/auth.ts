import { z } from 'zod';
import { text } from './validators/input-limits.js';

export const USER_KIND = { internal: 1, supplier: 2 } as const;

// Spec 1 section 5: only 'hcaptcha' is accepted for captcha_service; any other value is dropped.
export const CaptchaServiceSchema = z
  .string()
  .max(32)
  .optional()
  .nullable()
  .transform((v) => (v === 'hcaptcha' ? v : undefined));

export const LoginRequestSchema = z.strictObject({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(1024),
  captcha_token: text().max(4096).optional().nullable(),
  captcha_service: CaptchaServiceSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const UserGroupSchema = z.object({ id: z.number().int(), name: text() });

export const UserSchema = z.object({
  id: z.number().int(),
  email: text(),
  first_name: text(),
  last_name: text(),
  tenant: text(),
  // The tenant's numeric id: the real-time client names its private channels with it (issue 6).
  tenant_id: z.number().int(),
  csrf: text(),
  prefered_language: text(),
  timezone: text().nullable(),
  mfa: z.object({
    requires_mfa_verification: z.boolean(),
    // Has a confirmed authenticator app.
    enrolled: z.boolean(),
    // The tenant requires MFA and the user has not enrolled: the app sends them to enrolment.
    enrolment_required: z.boolean(),
  }),
  // The session's public id: safe to show, unlike the httpOnly cookie value.
  sessionId: text(),
  kind: z.number().int(),
  groups: z.array(UserGroupSchema),
  user_profile_workflow: z.number().int().nullable(),
  features: z.array(text()),
  // Set while an administrator is acting as this user (the impersonation banner).
  impersonator: z.object({ id: z.number().int(), name: text(), email: text() }).nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.union([
  UserSchema,
  z.object({ mfa: z.object({ requires_mfa_verification: z.literal(true) }) }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const PermissionsResponseSchema = z.object({ objects: z.record(text(), z.boolean()) });
export type PermissionsResponse = z.infer<typeof PermissionsResponseSchema>;

export const LogoutResponseSchema = z.object({ redirect_url: text().nullable() });

export const ChangeLanguageRequestSchema = z.strictObject({ to_language: text().trim().min(2).max(16) });
export const ChangeLanguageResponseSchema = z.object({ prefered_language: text() });

export const SetTimezoneRequestSchema = z.strictObject({ timezone: text().trim().min(1).max(64) });
export const SetTimezoneResponseSchema = z.object({ timezone: text() });
