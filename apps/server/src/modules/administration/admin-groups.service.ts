import {
  type AdminGroupCreateSchema,
  type AdminGroupSchema,
  type AdminGroupUpdateSchema,
  isPermissionCodename,
  type PageQuery,
  SERVER_MESSAGES,
} from '@attest/shared';
import type { z } from 'zod';
import { type AuditAction, recordAudit } from '../../platform/audit/audit-log.js';
import { isUniqueViolation } from '../../platform/database-errors.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { adminGroupsRepository } from './admin-groups.repository.js';

type AdminGroup = z.infer<typeof AdminGroupSchema>;
type GroupCreate = z.infer<typeof AdminGroupCreateSchema>;
type GroupUpdate = z.infer<typeof AdminGroupUpdateSchema>;

export function listGroups(ctx: UserContext, query: PageQuery & { q?: string }) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await adminGroupsRepository.page(tx, query);
    return { rows: await toAdminGroups(tx, rows), count };
  });
}

export function createGroup(ctx: UserContext, input: GroupCreate, ip: string | null): Promise<AdminGroup> {
  return nameTakenOnConflict(
    withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      await assertNameFree(tx, input.name);
      const id = await adminGroupsRepository.create(tx, ctx.tenant.id, input.name);
      await audit(ctx, tx, ip, 'group.created', { group_id: Number(id), name: input.name });
      return { id: Number(id), name: input.name, permissions: [], member_count: 0 };
    }),
  );
}

// Permissions come from the spec's catalogue only; the list replaces the group's permissions.
export function updateGroup(
  ctx: UserContext,
  groupId: number,
  input: GroupUpdate,
  ip: string | null,
): Promise<AdminGroup> {
  return nameTakenOnConflict(
    withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const id = String(groupId);
      const group = await adminGroupsRepository.find(tx, id);
      if (!group) throw new NotFoundError();
      if (input.name !== undefined && input.name !== group.name) {
        await assertNameFree(tx, input.name, id);
        await adminGroupsRepository.rename(tx, id, input.name);
        await audit(ctx, tx, ip, 'group.renamed', {
          group_id: groupId,
          before: group.name,
          after: input.name,
        });
      }
      if (input.permissions) {
        const wanted = [...new Set(input.permissions)].sort();
        if (wanted.some((codename) => !isPermissionCodename(codename))) {
          throw new BadRequestError(SERVER_MESSAGES.unknownPermissions, {
            permissions: [SERVER_MESSAGES.unknownPermissions],
          });
        }
        const before = await adminGroupsRepository.permissionsOf(tx, id);
        await adminGroupsRepository.replacePermissions(tx, ctx.tenant.id, id, wanted);
        await audit(ctx, tx, ip, 'group.permissions_changed', {
          group_id: groupId,
          added: wanted.filter((p) => !before.includes(p)),
          removed: before.filter((p) => !wanted.includes(p)),
        });
      }
      const [updated] = await toAdminGroups(tx, [{ id, name: input.name ?? group.name }]);
      if (!updated) throw new NotFoundError();
      return updated;
    }),
  );
}

export function deleteGroup(ctx: UserContext, groupId: number, ip: string | null): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const id = String(groupId);
    const group = await adminGroupsRepository.find(tx, id);
    if (!group) throw new NotFoundError();
    await adminGroupsRepository.delete(tx, id);
    await audit(ctx, tx, ip, 'group.deleted', { group_id: groupId, name: group.name });
  });
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const existing = await adminGroupsRepository.findByName(tx, name);
  if (existing && existing.id !== exceptId) throw nameTaken();
}

// The check above and a concurrent request can both pass; the unique index decides.
async function nameTakenOnConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

function nameTaken(): BadRequestError {
  return new BadRequestError(SERVER_MESSAGES.groupNameTaken, { name: [SERVER_MESSAGES.groupNameTaken] });
}

function audit(
  ctx: UserContext,
  tx: Tx,
  ip: string | null,
  action: AuditAction,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    tenantId: ctx.tenant.id,
    action,
    actorUserId: ctx.auth.user.id,
    details,
    ipAddress: ip,
  });
}

async function toAdminGroups(tx: Tx, rows: { id: string; name: string }[]): Promise<AdminGroup[]> {
  const details = await adminGroupsRepository.detailsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    permissions: details.permissions.filter((p) => p.group_id === row.id).map((p) => p.codename),
    member_count: Number(details.members.find((m) => m.group_id === row.id)?.count ?? 0),
  }));
}
