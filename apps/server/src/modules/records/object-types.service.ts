import type { ObjectTypeDetail } from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadObjectType } from './object-types.js';

// GET object-types/:tag/: the current version's definition (the record form and list read it).
export function getObjectType(ctx: UserContext, tag: string): Promise<ObjectTypeDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    return {
      id: Number(type.id),
      tag: type.tag,
      name: type.name,
      version: type.version,
      definition: type.definition,
    };
  });
}
