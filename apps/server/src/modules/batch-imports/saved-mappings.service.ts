import { type ImportMappingsQuery, SavedImportColumnSchema, type SavedImportMapping } from '@attest/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../platform/errors.js';
import { type Page, pageResponse } from '../../platform/page-response.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { importMappingsRepository } from './import-mappings.repository.js';
import { importTarget, type TargetRef } from './import-target.js';

// Saved mappings (issue 18: "kept as a reusable mapping"): the tenant's, per object type or workflow
// kind, kept by PUT mapping's save_as; listed for the map step's picker and deleted by name's id.
// Another tenant's is not there (row-level security): 404.

const StoredColumnsSchema = z.array(SavedImportColumnSchema);

function targetRef(query: ImportMappingsQuery): TargetRef {
  return query.target === 'records'
    ? { target: 'records', objectTypeTag: query.object_type ?? '' }
    : { target: 'workflows', kindId: String(query.kind_id ?? 0) };
}

// A column stored by an older shape is left out rather than failing the whole list.
function columnsOf(value: unknown): SavedImportMapping['columns'] {
  const parsed = StoredColumnsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export function listSavedMappings(
  ctx: UserContext,
  request: FastifyRequest,
  query: ImportMappingsQuery,
): Promise<Page<SavedImportMapping>> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // An unknown type or kind (or one of another tenant) is 404, as for an upload.
    const spec = await importTarget(tx, ctx.tenant.id, targetRef(query));
    const { results, count } = await importMappingsRepository.page(tx, spec, query);
    return pageResponse(
      request,
      results.map((row) => ({
        id: Number(row.id),
        name: row.name,
        target: row.target,
        object_type_id: row.object_type_id === null ? null : Number(row.object_type_id),
        kind_id: row.kind_id === null ? null : Number(row.kind_id),
        columns: columnsOf(row.columns),
        created_by:
          row.created_by === null || row.creator_email === null
            ? null
            : {
                id: Number(row.created_by),
                name:
                  `${row.creator_first_name ?? ''} ${row.creator_last_name ?? ''}`.trim() ||
                  row.creator_email,
                email: row.creator_email,
              },
        created_at: row.created_at.toISOString(),
      })),
      count,
      query,
    );
  });
}

export function deleteSavedMapping(ctx: UserContext, id: number): Promise<void> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (!(await importMappingsRepository.delete(tx, String(id)))) throw new NotFoundError();
  });
}
