import type { PageQuery, RecordActivity } from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../platform/errors.js';
import { type Page, pageResponse } from '../../platform/page-response.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { loadObjectType } from './object-types.js';
import { recordVisibility } from './record-access.js';
import { recordActivityRepository } from './record-activity.repository.js';
import { person } from './record-detail.js';
import { recordsRepository } from './records.repository.js';

// GET records/:tag/:id/activity/: a record's changes, newest first, for whoever sees the record.
export function recordActivityPage(
  ctx: UserContext,
  request: FastifyRequest,
  tag: string,
  recordId: number,
  page: PageQuery,
): Promise<Page<RecordActivity>> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const id = String(recordId);
    const visible = await recordsRepository.detail(tx, type.id, id, recordVisibility(type, ctx.auth.user.id));
    if (!visible) throw new NotFoundError();
    const [rows, count] = await Promise.all([
      recordActivityRepository.page(tx, id, page),
      recordActivityRepository.count(tx, id),
    ]);
    const results = rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      actor: person(row.actor_user_id, row.first_name, row.last_name, row.email),
      changes: row.changes,
      import_id: row.import_id === null ? null : Number(row.import_id),
      batch_update_id: row.batch_update_id === null ? null : Number(row.batch_update_id),
      created_at: row.created_at.toISOString(),
    }));
    return pageResponse(request, results, count, page);
  });
}
