import type { BatchImport, BatchImportsQuery, ImportRowsQuery } from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../platform/errors.js';
import { type Page, pageResponse } from '../../platform/page-response.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { importDetail, importRow, importSummary } from './batch-import-api.js';
import { batchImportsRepository } from './batch-imports.repository.js';
import { importRowsRepository } from './import-rows.repository.js';
import { importViewer } from './import-visibility.js';

// Reading imports (plan §3.2). Another tenant's import is not there (row-level security), and one the
// person may not see (import-visibility.ts) is not either: 404.

export function getImport(ctx: UserContext, id: number): Promise<BatchImport> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const row = await batchImportsRepository.byId(tx, String(id), importViewer(ctx));
    if (!row) throw new NotFoundError();
    return importDetail(row);
  });
}

export function listImports(ctx: UserContext, request: FastifyRequest, query: BatchImportsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { results, count } = await batchImportsRepository.page(tx, query, importViewer(ctx));
    return pageResponse(request, results.map(importSummary), count, query);
  });
}

export function importRowsPage(
  ctx: UserContext,
  request: FastifyRequest,
  id: number,
  query: ImportRowsQuery,
): Promise<Page<ReturnType<typeof importRow>>> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await batchImportsRepository.byId(tx, String(id), importViewer(ctx)))) throw new NotFoundError();
    const { results, count } = await importRowsRepository.page(tx, String(id), {
      problemsOnly: query.problems === 'only',
      outcome: query.outcome,
      limit: query.limit,
      offset: query.offset,
    });
    return pageResponse(request, results.map(importRow), count, query);
  });
}
