import type { AuditEventSchema } from '@attest/shared';
import type { z } from 'zod';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { type AuditFilter, auditEventsRepository } from './audit-events.repository.js';

type AuditEvent = z.infer<typeof AuditEventSchema>;

export function listAuditEvents(
  ctx: UserContext,
  filter: AuditFilter,
): Promise<{ rows: AuditEvent[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await auditEventsRepository.page(tx, filter);
    return {
      count,
      rows: rows.map((row) => ({
        id: Number(row.id),
        action: row.action,
        actor: row.actor_id ? { id: Number(row.actor_id), email: row.actor_email ?? '' } : null,
        target: row.target_id ? { id: Number(row.target_id), email: row.target_email ?? '' } : null,
        details: row.details,
        ip_address: row.ip_address,
        created_at: row.created_at.toISOString(),
      })),
    };
  });
}
