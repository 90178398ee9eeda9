import {
  type CreateStudioReviewRequest,
  type CreateStudioVersionRequest,
  STUDIO_MAX_MINOR_VERSION,
  STUDIO_MESSAGES,
  type StudioStage,
  type StudioVersion,
  stageRefusedMessage,
} from '@attest/shared';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { requireApp, versionsWithReviews } from './apps.service.js';
import { studioSavepointsRepository } from './branches.repository.js';
import { checkObjectTypeTags, checkPackageForVersion } from './package-check.js';
import { toPackage, toReview, toVersion } from './studio-rows.js';
import { studioReviewsRepository, studioVersionsRepository } from './versions.repository.js';

export async function requireVersion(tx: Tx, appId: number, versionId: number) {
  const app = await requireApp(tx, appId);
  const version = await studioVersionsRepository.findForUpdate(tx, app.id, String(versionId));
  if (!version) throw new NotFoundError();
  return { app, version };
}

async function answerVersion(tx: Tx, appId: string, versionId: string): Promise<StudioVersion> {
  const version = (await versionsWithReviews(tx, appId)).find((v) => v.id === Number(versionId));
  if (!version) throw new NotFoundError();
  return version;
}

// The number of the next version: a major version starts at N.0; a minor one follows the latest
// version, up to STUDIO_MAX_MINOR_VERSION (spec 1 §4 package-versioning failure reasons).
function nextNumber(latest: { major: number; minor: number } | undefined, increment: 'major' | 'minor') {
  if (increment === 'major') return { major: (latest?.major ?? 0) + 1, minor: 0 };
  if (!latest) throw new BadRequestError(STUDIO_MESSAGES.minorVersionCreationFailed);
  if (latest.minor >= STUDIO_MAX_MINOR_VERSION)
    throw new BadRequestError(STUDIO_MESSAGES.maximumMinorVersionReached);
  return { major: latest.major, minor: latest.minor + 1 };
}

// A version freezes a savepoint whose every process and object type is a valid definition; it starts
// as a draft.
export function createVersion(ctx: UserContext, appId: number, body: CreateStudioVersionRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireEditableApp(tx, ctx, appId, { addsToIt: true });
    const savepoint = await studioSavepointsRepository.find(tx, app.id, String(body.savepoint_id));
    if (!savepoint) throw new NotFoundError();
    await checkObjectTypeTags(tx, checkPackageForVersion(toPackage(savepoint.package)));
    // One version number at a time per app.
    await studioAppsRepository.lock(tx, app.id);
    const number = nextNumber(await studioVersionsRepository.latest(tx, app.id), body.increment);
    const version = await studioVersionsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      savepointId: savepoint.id,
      ...number,
      userId: ctx.auth.user.id,
    });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: savepoint.branch_id,
      actorId: ctx.auth.user.id,
      action: 'version_created',
      details: {
        version_id: Number(version.id),
        version: `${number.major}.${number.minor}`,
        savepoint_id: Number(savepoint.id),
      },
    });
    return toVersion(version, null);
  });
}

// Spec 2 §4.1 stages, one step forward at a time: draft -> rft (frozen) -> deployed -> ARCHIVE. A
// version reaches `deployed` only by a deployment.
export function changeStage(ctx: UserContext, appId: number, versionId: number, stage: StudioStage) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await requireEditableApp(tx, ctx, appId);
    const { app, version } = await requireVersion(tx, appId, versionId);
    const from = version.stage;
    const allowed = (from === 'draft' && stage === 'rft') || (from === 'deployed' && stage === 'ARCHIVE');
    if (!allowed) {
      throw new BadRequestError(
        from === 'rft' && stage === 'deployed'
          ? STUDIO_MESSAGES.becomesDeployedByDeploying
          : stageRefusedMessage(from, stage),
      );
    }
    await studioVersionsRepository.update(tx, version.id, {
      stage,
      ...(stage === 'rft' && { isFrozen: true }),
    });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      actorId: ctx.auth.user.id,
      action: 'version_stage_changed',
      details: {
        version_id: Number(version.id),
        version: `${version.major}.${version.minor}`,
        from,
        to: stage,
      },
    });
    return answerVersion(tx, app.id, version.id);
  });
}

// A reviewer approves a version sent for test, or asks for changes and says which.
export function reviewVersion(
  ctx: UserContext,
  appId: number,
  versionId: number,
  body: CreateStudioReviewRequest,
) {
  if (body.decision === 'changes_requested' && body.comment === '') {
    throw new BadRequestError(STUDIO_MESSAGES.changesNeedComment, {
      comment: [STUDIO_MESSAGES.changesNeedComment],
    });
  }
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { app, version } = await requireVersion(tx, appId, versionId);
    if (!version.is_frozen) throw new BadRequestError(STUDIO_MESSAGES.notFrozenVersion);
    if (version.stage !== 'rft') throw new BadRequestError(STUDIO_MESSAGES.reviewNeedsRft);
    const review = await studioReviewsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      versionId: version.id,
      reviewerId: ctx.auth.user.id,
      decision: body.decision,
      comment: body.comment,
    });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      actorId: ctx.auth.user.id,
      action: 'version_reviewed',
      details: {
        version_id: Number(version.id),
        version: `${version.major}.${version.minor}`,
        decision: body.decision,
      },
    });
    return toReview(review);
  });
}
