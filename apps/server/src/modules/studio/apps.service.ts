import {
  type CreateStudioAppRequest,
  STUDIO_APP_DEPLOYMENTS_SHOWN,
  STUDIO_APP_SAVEPOINTS_SHOWN,
  STUDIO_MAIN_BRANCH,
  type StudioActivityQuery,
  type StudioAppDetail,
  type StudioAppsQuery,
  type StudioReview,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { studioAppSettingsRepository } from './app-settings.repository.js';
import { toAppListItem } from './app-settings-rows.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import {
  toActivity,
  toApp,
  toBranchSummary,
  toDeployment,
  toReview,
  toSavepointSummary,
  toVersion,
} from './studio-rows.js';
import {
  studioDeploymentsRepository,
  studioReviewsRepository,
  studioVersionsRepository,
} from './versions.repository.js';

// The app, or 404: another tenant's app is as absent as one that never existed.
export async function requireApp(tx: Tx, appId: number) {
  const app = await studioAppsRepository.find(tx, String(appId));
  if (!app) throw new NotFoundError();
  return app;
}

// Spec 2 §2.4 /studio/apps: the tenant's apps by name, searched by name.
export function listApps(ctx: UserContext, query: StudioAppsQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await studioAppsRepository.page(tx, query);
    const cards = await studioAppSettingsRepository.cards(
      tx,
      rows.map((r) => r.id),
    );
    return { count, rows: rows.map((row) => toAppListItem(row, cards.get(row.id))) };
  });
}

// A new app starts with its main branch holding an empty package.
export function createApp(ctx: UserContext, body: CreateStudioAppRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await studioAppsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      name: body.name,
      description: body.description,
      icon: body.icon,
      createdBy: ctx.auth.user.id,
    });
    const main = await studioBranchesRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      name: STUDIO_MAIN_BRANCH,
      isMain: true,
      basedOn: null,
      packageJson: JSON.stringify({ processes: [] }),
      userId: ctx.auth.user.id,
    });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: main.id,
      actorId: ctx.auth.user.id,
      action: 'app_created',
      details: { name: app.name },
    });
    return toApp(app);
  });
}

export async function versionsWithReviews(tx: Tx, appId: string) {
  const versions = await studioVersionsRepository.listOfApp(tx, appId);
  const reviews = await studioReviewsRepository.latestOf(
    tx,
    versions.map((v) => v.id),
  );
  const reviewOf = new Map<string, StudioReview>(reviews.map((r) => [r.version_id, toReview(r)]));
  return versions.map((v) => toVersion(v, reviewOf.get(v.id) ?? null));
}

// The app page: its branches, newest savepoints, versions and deployments.
export function getApp(ctx: UserContext, appId: number): Promise<StudioAppDetail> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireApp(tx, appId);
    const [branches, savepoints, versions, deployments] = await Promise.all([
      studioBranchesRepository.listOfApp(tx, app.id),
      studioSavepointsRepository.listOfApp(tx, app.id, STUDIO_APP_SAVEPOINTS_SHOWN),
      versionsWithReviews(tx, app.id),
      studioDeploymentsRepository.listOfApp(tx, app.id, STUDIO_APP_DEPLOYMENTS_SHOWN),
    ]);
    return {
      app: toApp(app),
      branches: branches.map(toBranchSummary),
      savepoints: savepoints.map(toSavepointSummary),
      versions,
      deployments: deployments.map(toDeployment),
    };
  });
}

// Spec 2 §2.4 /studio/activity-logs: who changed what, where and when, newest first.
export function listActivity(ctx: UserContext, query: StudioActivityQuery) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const idOf = (value: number | undefined) => (value === undefined ? undefined : String(value));
    const { rows, count } = await studioActivityRepository.page(tx, {
      appId: idOf(query.app_id),
      branchId: idOf(query.branch_id),
      actorId: idOf(query.actor_id),
      action: query.action,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      limit: query.limit,
      offset: query.offset,
    });
    return { count, rows: rows.map(toActivity) };
  });
}
