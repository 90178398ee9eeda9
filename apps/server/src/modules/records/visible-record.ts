import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { loadObjectType } from './object-types.js';
import { recordVisibility } from './record-access.js';
import { recordsRepository } from './records.repository.js';

// A record of the type the user may see (its type's place rule, archived ones too, as its page
// shows them), or 404: another tenant's record is hidden by RLS, a hidden one is never confirmed.
export async function loadVisibleRecord(
  tx: Tx,
  ctx: UserContext,
  tag: string,
  recordId: number,
): Promise<{ objectTypeId: string; recordId: string; archived: boolean }> {
  const type = await loadObjectType(tx, ctx.tenant.id, tag);
  const id = String(recordId);
  const record = await recordsRepository.detail(tx, type.id, id, recordVisibility(type, ctx.auth.user.id));
  if (!record) throw new NotFoundError();
  return { objectTypeId: type.id, recordId: id, archived: record.archived_at !== null };
}
