import type { Tx } from '../tenant-transaction.js';
import { auditLogRepository } from './audit-log.repository.js';

// The actions the audit trail records; one place, so the admin screen can list and filter them.
export type AuditAction =
  | 'sign_in.succeeded'
  | 'sign_in.failed'
  | 'sign_in.locked'
  | 'session.signed_out'
  | 'session.revoked'
  | 'impersonation.started'
  | 'impersonation.stopped'
  | 'user.groups_changed'
  | 'user.permissions_changed'
  | 'user.activated'
  | 'user.deactivated'
  | 'user.access_changed'
  | 'group.created'
  | 'group.renamed'
  | 'group.permissions_changed'
  | 'group.deleted'
  | 'sso_provider.created'
  | 'sso_provider.changed'
  | 'sso_provider.deleted'
  // Issue 19, Settings > Badges.
  | 'badge_definition.created'
  | 'badge_definition.changed'
  | 'badge_definition.archived'
  | 'badge_definition.restored'
  | 'badge_definition.deleted'
  | 'sso.user_created'
  | 'security_settings.changed'
  | 'branding.changed'
  // Settings > Languages (issue 19): the locales a tenant offers and its default.
  | 'languages.changed'
  // Issue 19, Settings > Access and Global settings.
  | 'region.created'
  | 'region.renamed'
  | 'region.archived'
  | 'region.restored'
  | 'business_unit.created'
  | 'business_unit.renamed'
  | 'business_unit.archived'
  | 'business_unit.restored'
  | 'global_settings.changed'
  | 'home_page_config.changed'
  | 'mfa.enabled'
  | 'mfa.disabled'
  | 'mfa.recovery_codes_regenerated'
  | 'password.changed'
  | 'user.invited'
  | 'invitation.accepted'
  // Recorded by the workflows module when a step's assignees change.
  | 'step.assignees_changed'
  // Recorded by the tasks module: a person lets another act on their tasks for a date range, or stops.
  | 'task_delegation.given'
  | 'task_delegation.revoked'
  // Issue 19: integration tokens; refused is noted at most every ten minutes per token.
  | 'api_token.created'
  | 'api_token.revoked'
  | 'api_token.refused'
  // Issue 19, Settings > Scheduler.
  | 'scheduled_export.created'
  | 'scheduled_export.changed'
  | 'scheduled_export.enabled'
  | 'scheduled_export.disabled'
  | 'scheduled_export.deleted'
  | 'scheduled_export.run_requested';

export type AuditEntry = {
  tenantId: string;
  action: AuditAction;
  actorUserId: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
};

// Written in the same transaction as the change it describes, so the trail never claims a change
// that was rolled back, nor misses one that was committed.
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await auditLogRepository.insert(tx, {
    tenantId: entry.tenantId,
    action: entry.action,
    actorUserId: entry.actorUserId,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}
