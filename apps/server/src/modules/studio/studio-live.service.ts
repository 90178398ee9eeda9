import type {
  CreateStudioReviewRequest,
  CreateStudioVersionRequest,
  MergeBranchRequest,
  SaveWorkingCopyRequest,
  StudioBranchWorkRequest,
  StudioEnvironment,
  StudioEventAction,
  StudioStage,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { requireEditableApp } from './app-access.js';
import { studioBranchesRepository } from './branches.repository.js';
import { saveWorkingCopy } from './branches.service.js';
import { deployVersion } from './deployments.service.js';
import { mergeBranch } from './merge.service.js';
import { studioAnnouncer } from './studio-events.js';
import { changeStage, createVersion, reviewVersion } from './versions.service.js';

// The studio's changes that raise live events (spec 1 §4; docs/studio.md "Live events"): each runs
// the service (its own transaction), then, once it committed, tells the app's designers; a refusal
// carrying a spec failure reason is told to the acting person. The answer is the service's own.
export type StudioLive = { realtime: RealtimePublisher };

async function refusedTold<T>(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  action: StudioEventAction,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    studioAnnouncer(ctx, live.realtime).refusal(appId, action, error);
    throw error;
  }
}

// Autosave is not announced (too frequent); a working copy that is not JSON is (parsing failed).
export function saveWorkingCopyLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  branchId: number,
  body: SaveWorkingCopyRequest,
) {
  return refusedTold(ctx, live, appId, 'working_copy_saved', () =>
    saveWorkingCopy(ctx, appId, branchId, body),
  );
}

export async function createVersionLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  body: CreateStudioVersionRequest,
) {
  const version = await refusedTold(ctx, live, appId, 'version_created', () =>
    createVersion(ctx, appId, body),
  );
  await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
    {
      type: 'studio.package_versioning',
      outcome: 'completed',
      action: 'version_created',
      data: { version_id: version.id, version: `${version.major}.${version.minor}` },
    },
  ]);
  return version;
}

export async function changeStageLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  versionId: number,
  stage: StudioStage,
) {
  const version = await refusedTold(ctx, live, appId, 'stage_changed', () =>
    changeStage(ctx, appId, versionId, stage),
  );
  await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
    {
      type: 'studio.package_versioning',
      outcome: 'completed',
      action: 'stage_changed',
      data: { version_id: version.id, version: `${version.major}.${version.minor}`, stage: version.stage },
    },
  ]);
  return version;
}

export async function reviewVersionLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  versionId: number,
  body: CreateStudioReviewRequest,
) {
  const review = await refusedTold(ctx, live, appId, 'reviewed', () =>
    reviewVersion(ctx, appId, versionId, body),
  );
  await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
    {
      type: 'studio.package_versioning',
      outcome: 'completed',
      action: 'reviewed',
      data: { version_id: versionId, decision: review.decision },
    },
  ]);
  return review;
}

// Spec 1 §4 config deployment; a Production deployment also publishes processes (process deployment
// status) with the kinds it published.
export async function deployVersionLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  versionId: number,
  environment: StudioEnvironment,
) {
  const deployment = await refusedTold(ctx, live, appId, 'deployed', () =>
    deployVersion(ctx, appId, versionId, environment),
  );
  const base = { version_id: versionId, environment };
  await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
    { type: 'studio.config_deployment', outcome: 'completed', action: 'deployed', data: base },
    ...(deployment.published.length > 0
      ? [
          {
            type: 'studio.deployment_status' as const,
            outcome: 'completed' as const,
            action: 'processes_published' as const,
            data: { ...base, kind_tags: deployment.published.map((p) => p.kind_tag) },
          },
        ]
      : []),
  ]);
  return deployment;
}

// Spec 1 §4 branch deployment status: a branch merged into main.
export async function mergeBranchLive(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  branchId: number,
  body: MergeBranchRequest,
) {
  const answer = await mergeBranch(ctx, appId, branchId, body);
  if (answer.merged) {
    await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
      {
        type: 'studio.deployment_status',
        outcome: 'completed',
        action: 'branch_merged',
        data: { branch_id: branchId, main_branch_id: answer.main.id },
      },
    ]);
  }
  return answer;
}

// Spec 1 §4 work started or stopped on a branch: the designer opened or left it. Nothing is stored;
// only the app's editors may say so, about a branch of the app.
export async function announceBranchWork(
  ctx: UserContext,
  live: StudioLive,
  appId: number,
  branchId: number,
  body: StudioBranchWorkRequest,
) {
  const branch = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireEditableApp(tx, ctx, appId);
    const found = await studioBranchesRepository.find(tx, app.id, String(branchId));
    if (!found) throw new NotFoundError();
    return found;
  });
  const started = body.state === 'started';
  await studioAnnouncer(ctx, live.realtime).toDesigners(appId, [
    {
      type: 'studio.branch_work',
      outcome: started ? 'started' : 'finished',
      action: started ? 'started' : 'stopped',
      data: { branch_id: Number(branch.id), branch_name: branch.name },
    },
  ]);
}
