import { decodeListQuery, SCHEDULER_MESSAGES, type ScheduledExportSource } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { checkListEnvironment } from '../workflow-list/index.js';
import { sourcesRepository } from './scheduler-sources.repository.js';

// What a schedule exports must exist in the tenant and its filters must decode as the list's do
// when it is saved; at run time the owner's visibility and permissions decide what the file holds.
export async function checkSource(
  tx: Tx,
  ctx: UserContext,
  source: ScheduledExportSource,
  format: 'csv' | 'xlsx',
): Promise<void> {
  if (source.type === 'report') {
    if (format !== 'csv') {
      throw new BadRequestError(SCHEDULER_MESSAGES.reportFormat, {
        format: [SCHEDULER_MESSAGES.reportFormat],
      });
    }
    if (!(await sourcesRepository.reportName(tx, ctx.tenant.id, String(source.report_id)))) {
      throw new BadRequestError(SCHEDULER_MESSAGES.noReport, {
        'source.report_id': [SCHEDULER_MESSAGES.noReport],
      });
    }
    return;
  }
  const decoded = decodeListQuery({ ...source.filters, kind_id: String(source.kind_id) });
  if (!decoded.ok) {
    const { param, key, detail } = decoded.problem;
    throw new BadRequestError(SCHEDULER_MESSAGES.invalidFilters, {
      [`source.filters.${param}`]: [detail ?? key],
    });
  }
  checkListEnvironment(ctx, decoded.state);
  if (!(await sourcesRepository.kindName(tx, ctx.tenant.id, String(source.kind_id)))) {
    throw new BadRequestError(SCHEDULER_MESSAGES.noWorkflows, {
      'source.kind_id': [SCHEDULER_MESSAGES.noWorkflows],
    });
  }
}
