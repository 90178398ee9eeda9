import type { Tx } from '../tenant-transaction.js';

export type NewAuditEvent = {
  tenantId: string;
  action: string;
  actorUserId: string | null;
  targetUserId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
};

// Writes to the audit trail (administration reads it).
export const auditLogRepository = {
  async insert(tx: Tx, event: NewAuditEvent): Promise<void> {
    await tx
      .insertInto('audit_events')
      .values({
        tenant_id: event.tenantId,
        action: event.action,
        actor_user_id: event.actorUserId,
        target_user_id: event.targetUserId,
        details: JSON.stringify(event.details),
        ip_address: event.ipAddress,
      })
      .execute();
  },
};
