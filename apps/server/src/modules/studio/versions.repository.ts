import type { StudioEnvironment, StudioReviewDecision, StudioStage } from '@attest/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../platform/tenant-transaction.js';

const VERSION_COLUMNS = [
  'id',
  'app_id',
  'savepoint_id',
  'major',
  'minor',
  'stage',
  'is_frozen',
  'is_locked',
  'created_by',
  'created_at',
  'updated_at',
] as const;
const REVIEW_COLUMNS = ['id', 'version_id', 'reviewer_id', 'decision', 'comment', 'created_at'] as const;
const DEPLOYMENT_COLUMNS = [
  'id',
  'version_id',
  'environment',
  'published',
  'deployed_by',
  'deployed_at',
] as const;

// One list of a savepoint's package as [{tag, name}] in its order; an item without a tag or a name
// (never in a version, whose package passed StudioPackageSchema) is left out.
function packageItems(tag: RawBuilder<unknown>, name: RawBuilder<unknown>, list: 'processes' | 'objects') {
  return sql<{ tag: string; name: string }[]>`coalesce((
    select jsonb_agg(jsonb_build_object('tag', ${tag}, 'name', ${name}) order by position)
    from jsonb_array_elements(
      case when jsonb_typeof(studio_savepoints.package -> ${sql.lit(list)}) = 'array'
        then studio_savepoints.package -> ${sql.lit(list)} else '[]'::jsonb end
    ) with ordinality as items(item, position)
    where ${tag} is not null and ${name} is not null
  ), '[]'::jsonb)`;
}

export const studioVersionsRepository = {
  listOfApp(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_versions')
      .select(VERSION_COLUMNS)
      .where('app_id', '=', appId)
      .orderBy('major', 'desc')
      .orderBy('minor', 'desc')
      .execute();
  },

  // The versions at a stage across the tenant's apps, newest first, each with the processes and object
  // types its package holds ({tag, name}, in package order). `withObjects` keeps only the versions
  // whose package holds object types (issue 18, plan §2).
  async pageOfStage(
    tx: Tx,
    stage: StudioStage,
    page: { limit: number; offset: number; withObjects?: boolean | undefined },
  ) {
    let query = tx
      .selectFrom('studio_versions')
      .innerJoin('studio_savepoints', (join) =>
        join
          .onRef('studio_savepoints.tenant_id', '=', 'studio_versions.tenant_id')
          .onRef('studio_savepoints.id', '=', 'studio_versions.savepoint_id'),
      )
      .where('studio_versions.stage', '=', stage);
    if (page.withObjects) {
      query = query.where(
        sql<boolean>`jsonb_array_length(coalesce(studio_savepoints.package -> 'objects', '[]'::jsonb)) > 0`,
      );
    }
    const [rows, total] = await Promise.all([
      query
        .innerJoin('studio_apps', 'studio_apps.id', 'studio_versions.app_id')
        .select(VERSION_COLUMNS.map((c) => `studio_versions.${c}` as const))
        .select('studio_apps.name as app_name')
        .select([
          packageItems(sql`item -> 'kind' ->> 'tag'`, sql`item -> 'kind' ->> 'name'`, 'processes').as(
            'processes',
          ),
          packageItems(sql`item ->> 'tag'`, sql`item ->> 'name'`, 'objects').as('objects'),
        ])
        .orderBy('studio_versions.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },

  find(tx: Tx, appId: string, versionId: string) {
    return tx
      .selectFrom('studio_versions')
      .select(VERSION_COLUMNS)
      .where('app_id', '=', appId)
      .where('id', '=', versionId)
      .executeTakeFirst();
  },

  // Locks the version row for a stage change or a deployment.
  findForUpdate(tx: Tx, appId: string, versionId: string) {
    return tx
      .selectFrom('studio_versions')
      .select(VERSION_COLUMNS)
      .where('app_id', '=', appId)
      .where('id', '=', versionId)
      .forUpdate()
      .executeTakeFirst();
  },

  // The highest major.minor of the app, if any.
  latest(tx: Tx, appId: string) {
    return tx
      .selectFrom('studio_versions')
      .select(['major', 'minor'])
      .where('app_id', '=', appId)
      .orderBy('major', 'desc')
      .orderBy('minor', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      appId: string;
      savepointId: string;
      major: number;
      minor: number;
      userId: string | null;
    },
  ) {
    return tx
      .insertInto('studio_versions')
      .values({
        tenant_id: row.tenantId,
        app_id: row.appId,
        savepoint_id: row.savepointId,
        major: row.major,
        minor: row.minor,
        created_by: row.userId,
      })
      .returning(VERSION_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  update(tx: Tx, versionId: string, change: { stage?: StudioStage; isFrozen?: boolean; isLocked?: boolean }) {
    return tx
      .updateTable('studio_versions')
      .set({
        ...(change.stage && { stage: change.stage }),
        ...(change.isFrozen !== undefined && { is_frozen: change.isFrozen }),
        ...(change.isLocked !== undefined && { is_locked: change.isLocked }),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', versionId)
      .returning(VERSION_COLUMNS)
      .executeTakeFirstOrThrow();
  },
};

export const studioReviewsRepository = {
  // The latest review of each version given.
  latestOf(tx: Tx, versionIds: string[]) {
    if (versionIds.length === 0) return Promise.resolve([]);
    return tx
      .selectFrom('studio_reviews')
      .select(REVIEW_COLUMNS)
      .distinctOn('version_id')
      .where('version_id', 'in', versionIds)
      .orderBy('version_id')
      .orderBy('id', 'desc')
      .execute();
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      versionId: string;
      reviewerId: string | null;
      decision: StudioReviewDecision;
      comment: string;
    },
  ) {
    return tx
      .insertInto('studio_reviews')
      .values({
        tenant_id: row.tenantId,
        version_id: row.versionId,
        reviewer_id: row.reviewerId,
        decision: row.decision,
        comment: row.comment,
      })
      .returning(REVIEW_COLUMNS)
      .executeTakeFirstOrThrow();
  },
};

export const studioDeploymentsRepository = {
  // Newest first, at most `limit`.
  listOfApp(tx: Tx, appId: string, limit: number) {
    return tx
      .selectFrom('studio_deployments')
      .select(DEPLOYMENT_COLUMNS)
      .where('app_id', '=', appId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  insert(
    tx: Tx,
    row: {
      tenantId: string;
      appId: string;
      versionId: string;
      environment: StudioEnvironment;
      publishedJson: string;
      userId: string | null;
    },
  ) {
    return tx
      .insertInto('studio_deployments')
      .values({
        tenant_id: row.tenantId,
        app_id: row.appId,
        version_id: row.versionId,
        environment: row.environment,
        published: row.publishedJson,
        deployed_by: row.userId,
      })
      .returning(DEPLOYMENT_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  // What the deployment published, once it has.
  setPublished(tx: Tx, deploymentId: string, publishedJson: string) {
    return tx
      .updateTable('studio_deployments')
      .set({ published: publishedJson })
      .where('id', '=', deploymentId)
      .returning(DEPLOYMENT_COLUMNS)
      .executeTakeFirstOrThrow();
  },
};
