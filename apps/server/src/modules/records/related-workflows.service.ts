import type { PageQuery, WorkflowListPage } from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../platform/errors.js';
import { pageResponse } from '../../platform/page-response.js';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { cappedCount, listItems } from '../workflow-list/index.js';
import { loadObjectType } from './object-types.js';
import { recordVisibility } from './record-access.js';
import { recordsRepository } from './records.repository.js';
import { relatedWorkflowsRepository } from './related-workflows.repository.js';

// GET records/:tag/:id/related-workflows/: the workflows whose data_object answers name the record,
// as the dashboard lists them, newest first; only the ones the user sees, and 404 for a record they
// cannot see (STYLE rule 4).
export function relatedWorkflowsPage(
  ctx: UserContext,
  request: FastifyRequest,
  tag: string,
  recordId: number,
  page: PageQuery,
): Promise<WorkflowListPage> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const userId = ctx.auth.user.id;
    const type = await loadObjectType(tx, ctx.tenant.id, tag);
    const id = String(recordId);
    if (!(await recordsRepository.detail(tx, type.id, id, recordVisibility(type, userId)))) {
      throw new NotFoundError();
    }
    const [rows, total] = await Promise.all([
      relatedWorkflowsRepository.page(tx, id, userId, page),
      cappedCount(tx, relatedWorkflowsRepository.matches(tx, id, userId)),
    ]);
    const context = { tenantId: ctx.tenant.id, userId, locale: readerLocale(ctx) };
    const results = await listItems(tx, context, rows, {
      offset: page.offset,
      count: total.count,
      descending: true,
    });
    return { ...pageResponse(request, results, total.count, page), count_is_estimate: total.estimate };
  });
}
