import { STUDIO_STAGES, type StudioRecordsQuery, type StudioReview, type StudioStage } from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { toReview, toVersion } from './studio-rows.js';
import { studioReviewsRepository, studioVersionsRepository } from './versions.repository.js';

function isStage(value: string): value is StudioStage {
  return (STUDIO_STAGES as readonly string[]).includes(value);
}

// Spec 2 §2.4 /studio/records/{stage}: what is at each stage, across the tenant's apps, each version
// with its processes and object types (issue 18). A stage outside the four is a 404.
export function listRecords(ctx: UserContext, stage: string, query: StudioRecordsQuery) {
  if (!isStage(stage)) throw new NotFoundError();
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await studioVersionsRepository.pageOfStage(tx, stage, {
      ...query,
      withObjects: query.type === 'objects',
    });
    const reviews = await studioReviewsRepository.latestOf(
      tx,
      rows.map((r) => r.id),
    );
    const reviewOf = new Map<string, StudioReview>(reviews.map((r) => [r.version_id, toReview(r)]));
    return {
      count,
      rows: rows.map((row) => ({
        ...toVersion(row, reviewOf.get(row.id) ?? null),
        app_id: Number(row.app_id),
        app_name: row.app_name,
        processes: row.processes,
        objects: row.objects,
      })),
    };
  });
}
