import { z } from 'zod';
import { PageQuerySchema, pageOf } from './pagination.js';
import { text } from './validators/input-limits.js';

// Administration of people and access (issue 3): users, groups, permissions, region and business-unit
// access, third-party invitations, impersonation, the audit trail and the development mailbox.
export const ADMIN_PATHS = {
  users: '/api/v1/admin/users/',
  user: (id: number) => `/api/v1/admin/users/${id}/`,
  userAccess: (id: number) => `/api/v1/admin/users/${id}/access/`,
  groups: '/api/v1/admin/groups/',
  group: (id: number) => `/api/v1/admin/groups/${id}/`,
  permissions: '/api/v1/admin/permissions/',
  invitations: '/api/v1/users/invitations/',
  impersonate: '/api/v1/users/impersonate/',
  stopImpersonation: '/api/v1/users/stop_impersonation/',
  auditEvents: '/api/v1/admin/audit-events/',
  mailbox: '/api/v1/dev/mailbox/',
  mailboxMessage: (id: number) => `/api/v1/dev/mailbox/${id}/`,
  // A file sent with the e-mail (a subscribed report's CSV), by its position in the message.
  mailboxAttachment: (id: number, index: number) => `/api/v1/dev/mailbox/${id}/attachments/${index}/`,
  // The regions and business units the signed-in person may see (filters and pickers)...
  regions: '/api/v1/regions/',
  businessUnits: '/api/v1/business-units/',
  // ...and all of the tenant's, for administrators granting access to them.
  allRegions: '/api/v1/admin/regions/',
  allBusinessUnits: '/api/v1/admin/business-units/',
  ssoProviders: '/api/v1/admin/sso-providers/',
  ssoProvider: (id: number) => `/api/v1/admin/sso-providers/${id}/`,
  securitySettings: '/api/v1/admin/security-settings/',
} as const;

export const AccessLevelSchema = z.enum(['read', 'full']);

export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: text(),
  first_name: text(),
  last_name: text(),
  kind: z.number().int(),
  is_active: z.boolean(),
  groups: z.array(z.object({ id: z.number().int(), name: text() })),
  extra_permissions: z.array(text()),
  mfa_enrolled: z.boolean(),
  invited_at: text().nullable(),
  created_at: text(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersPageSchema = pageOf(AdminUserSchema);
export const AdminUsersQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

// PATCH .../users/{id}/: membership, direct permissions, activation. Never tenant, kind of another
// tenant, or anything else; unknown keys are refused.
export const AdminUserUpdateSchema = z
  .object({
    group_ids: z.array(z.number().int()).max(200).optional(),
    extra_permissions: z.array(text().max(100)).max(200).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();

export const UserAccessSchema = z.object({
  regions: z.array(z.object({ region_id: z.number().int(), access: AccessLevelSchema })).max(1000),
  business_units: z
    .array(z.object({ business_unit_id: z.number().int(), access: AccessLevelSchema }))
    .max(5000),
});
export type UserAccess = z.infer<typeof UserAccessSchema>;

export const AdminGroupSchema = z.object({
  id: z.number().int(),
  name: text(),
  permissions: z.array(text()),
  member_count: z.number().int(),
});
export const AdminGroupsPageSchema = pageOf(AdminGroupSchema);
export const AdminGroupCreateSchema = z.object({ name: text().trim().min(1).max(150) }).strict();
export const AdminGroupUpdateSchema = z
  .object({
    name: text().trim().min(1).max(150).optional(),
    permissions: z.array(text().max(100)).max(200).optional(),
  })
  .strict();

export const PermissionInfoSchema = z.object({ codename: text(), name: text() });
export const PermissionsCatalogueSchema = z.object({ results: z.array(PermissionInfoSchema) });

export const InvitationRequestSchema = z
  .object({
    email: text().trim().min(3).max(254),
    first_name: text().trim().min(1).max(150),
    last_name: text().trim().min(1).max(150),
  })
  .strict();

export const ImpersonateRequestSchema = z.object({ user_id: z.number().int() }).strict();

// Status 434 (spec 1 section 6): an impersonation error naming both people, by error_tag.
export const IMPERSONATION_STATUS = 434;
// The error_tag values the web app has a sentence for; any other tag shows the spec's default.
export const IMPERSONATION_ERROR_TAGS = {
  nested: 'nested_impersonation',
  actionNotAllowed: 'action_not_allowed',
  impersonateeInactive: 'impersonatee_inactive',
  ended: 'impersonation_ended',
} as const;
export type ImpersonationErrorTag = (typeof IMPERSONATION_ERROR_TAGS)[keyof typeof IMPERSONATION_ERROR_TAGS];
export const ImpersonationErrorSchema = z.object({
  detail: text(),
  code: z.literal('impersonation_error'),
  error_tag: text(),
  impersonator: z.object({ id: z.number().int(), name: text() }),
  impersonatee: z.object({ id: z.number().int(), name: text() }),
});

export const AuditEventSchema = z.object({
  id: z.number().int(),
  action: text(),
  actor: z.object({ id: z.number().int(), email: text() }).nullable(),
  target: z.object({ id: z.number().int(), email: text() }).nullable(),
  details: z.record(text(), z.unknown()),
  ip_address: text().nullable(),
  created_at: text(),
});
export const AuditEventsPageSchema = pageOf(AuditEventSchema);
export const AuditEventsQuerySchema = PageQuerySchema.extend({
  // An action ('user.groups_changed') or its family ('user.').
  action: text().trim().max(100).optional(),
  user_id: z.coerce.number().int().min(1).optional(),
});

export const MailboxMessageSchema = z.object({
  id: z.number().int(),
  to_address: text(),
  subject: text(),
  text_body: text(),
  html_body: text().nullable(),
  status: z.enum(['queued', 'sent', 'failed', 'kept']),
  created_at: text(),
  // The files sent with it; the content is downloaded from ADMIN_PATHS.mailboxAttachment.
  attachments: z.array(z.object({ filename: text(), content_type: text(), size: z.number().int() })),
});
export const MailboxPageSchema = pageOf(MailboxMessageSchema);

export const RegionSchema = z.object({ id: z.number().int(), name: text() });
export const RegionsPageSchema = pageOf(RegionSchema);
export const BusinessUnitSchema = z.object({
  id: z.number().int(),
  name: text(),
  region_id: z.number().int(),
});
export const BusinessUnitsPageSchema = pageOf(BusinessUnitSchema);
// Spec 1 section 7: business-units/?limit&offset&region__in, region ids separated by commas.
export const BusinessUnitsQuerySchema = PageQuerySchema.extend({
  region__in: z
    .string()
    .max(2000)
    .regex(/^\d+(,\d+)*$/)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional(),
});

// The tenant's sign-in security settings. The hCaptcha secret is write-only: reads say whether one
// is stored, never what it is.
export const SESSION_IDLE_MINUTES = { min: 5, max: 1440 } as const;
export const SESSION_ABSOLUTE_HOURS = { min: 1, max: 720 } as const;
// ASVS 4.0 V3.3.2 (level 2): re-authentication after at most 30 minutes idle.
export const ASVS_L2_IDLE_MINUTES = 30;

export const SecuritySettingsSchema = z.object({
  require_mfa: z.boolean(),
  session_idle_minutes: z.number().int(),
  session_absolute_hours: z.number().int(),
  captcha_enabled: z.boolean(),
  hcaptcha_site_key: text().nullable(),
  hcaptcha_secret_set: z.boolean(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

// PATCH: any subset; null clears the site key or the secret. Unknown keys are refused.
export const SecuritySettingsUpdateSchema = z
  .object({
    require_mfa: z.boolean().optional(),
    session_idle_minutes: z
      .number()
      .int()
      .min(SESSION_IDLE_MINUTES.min)
      .max(SESSION_IDLE_MINUTES.max)
      .optional(),
    session_absolute_hours: z
      .number()
      .int()
      .min(SESSION_ABSOLUTE_HOURS.min)
      .max(SESSION_ABSOLUTE_HOURS.max)
      .optional(),
    captcha_enabled: z.boolean().optional(),
    hcaptcha_site_key: text().trim().min(1).max(200).nullable().optional(),
    hcaptcha_secret: text().trim().min(1).max(500).nullable().optional(),
  })
  .strict();
export type SecuritySettingsUpdate = z.infer<typeof SecuritySettingsUpdateSchema>;
