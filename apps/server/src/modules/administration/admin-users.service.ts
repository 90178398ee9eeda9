import {
  type AdminUser,
  type AdminUsersQuerySchema,
  type AdminUserUpdateSchema,
  isPermissionCodename,
  SERVER_MESSAGES,
} from '@attest/shared';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { adminUsersRepository } from './admin-users.repository.js';

type UsersQuery = z.infer<typeof AdminUsersQuerySchema>;
type UserUpdate = z.infer<typeof AdminUserUpdateSchema>;

export function listUsers(
  ctx: UserContext,
  query: UsersQuery,
): Promise<{ rows: AdminUser[]; count: number }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await adminUsersRepository.page(tx, query);
    return { rows: await toAdminUsers(tx, rows), count };
  });
}

// Membership, direct permissions and activation, in one transaction with its audit entries. What
// the body may not set (tenant, kind, password) is refused by the strict schema before this runs.
export function updateUser(
  ctx: UserContext,
  userId: number,
  update: UserUpdate,
  ip: string | null,
): Promise<AdminUser> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const id = String(userId);
    const user = await adminUsersRepository.find(tx, id);
    if (!user) throw new NotFoundError();
    const audit = (action: Parameters<typeof recordAudit>[1]['action'], details: Record<string, unknown>) =>
      recordAudit(tx, {
        tenantId: ctx.tenant.id,
        action,
        actorUserId: ctx.auth.user.id,
        targetUserId: id,
        details,
        ipAddress: ip,
      });

    if (update.group_ids) {
      const wanted = [...new Set(update.group_ids.map(String))];
      const existing = await adminUsersRepository.existingGroupIds(tx, wanted);
      if (wanted.some((g) => !existing.has(g))) {
        throw new BadRequestError(SERVER_MESSAGES.unknownGroups, {
          group_ids: [SERVER_MESSAGES.unknownGroups],
        });
      }
      const before = await adminUsersRepository.groupIdsOf(tx, id);
      await adminUsersRepository.replaceGroups(tx, ctx.tenant.id, id, wanted);
      await audit('user.groups_changed', { before: before.map(Number), after: wanted.map(Number) });
    }
    if (update.extra_permissions) {
      const wanted = [...new Set(update.extra_permissions)];
      if (wanted.some((codename) => !isPermissionCodename(codename))) {
        throw new BadRequestError(SERVER_MESSAGES.unknownPermissions, {
          extra_permissions: [SERVER_MESSAGES.unknownPermissions],
        });
      }
      const before = await adminUsersRepository.permissionsOf(tx, id);
      await adminUsersRepository.replacePermissions(tx, ctx.tenant.id, id, wanted);
      await audit('user.permissions_changed', { before, after: wanted });
    }
    if (update.is_active !== undefined && update.is_active !== user.is_active) {
      if (!update.is_active && id === ctx.auth.user.id) {
        throw new BadRequestError(SERVER_MESSAGES.cannotDeactivateSelf, {
          is_active: [SERVER_MESSAGES.cannotDeactivateSelf],
        });
      }
      await adminUsersRepository.setActive(tx, id, update.is_active);
      // A deactivated account is signed out everywhere at once, not at its sessions' next request.
      if (!update.is_active) await adminUsersRepository.deleteSessions(tx, id);
      await audit(update.is_active ? 'user.activated' : 'user.deactivated', {});
    }
    const [updated] = await toAdminUsers(tx, [{ ...user, is_active: update.is_active ?? user.is_active }]);
    if (!updated) throw new NotFoundError();
    return updated;
  });
}

type UserRow = NonNullable<Awaited<ReturnType<typeof adminUsersRepository.find>>>;

async function toAdminUsers(tx: Tx, rows: UserRow[]): Promise<AdminUser[]> {
  const details = await adminUsersRepository.detailsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    kind: row.kind,
    is_active: row.is_active,
    groups: details.groups
      .filter((g) => g.user_id === row.id)
      .map((g) => ({ id: Number(g.id), name: g.name })),
    extra_permissions: details.permissions.filter((p) => p.user_id === row.id).map((p) => p.codename),
    mfa_enrolled: details.enrolled.has(row.id),
    invited_at: row.invited_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
}
