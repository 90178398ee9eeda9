import {
  deployForbiddenMessage,
  isTestEnvironment,
  STUDIO_DEPLOY_PERMISSIONS,
  STUDIO_MESSAGES,
  type StudioEnvironment,
} from '@attest/shared';
import { BadRequestError, ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { publishDefinition, publishTestDefinition } from '../workflows/index.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { studioSavepointsRepository } from './branches.repository.js';
import { checkPackageForVersion, publicationOrder } from './package-check.js';
import { toDeployment, toPackage } from './studio-rows.js';
import {
  studioDeploymentsRepository,
  studioReviewsRepository,
  studioVersionsRepository,
} from './versions.repository.js';
import { requireVersion } from './versions.service.js';

// Deploys a frozen version to one of the tenant's environments (spec 2 §6 'Can deploy to ...'),
// publishing every process through the workflow engine in the same transaction. Production needs an
// approved version: running workflows keep their definition, new ones start on this one. Development,
// QA, Staging and UAT publish test definitions: test workflows start on them there (issue 15).
export function deployVersion(
  ctx: UserContext,
  appId: number,
  versionId: number,
  environment: StudioEnvironment,
) {
  if (!ctx.auth.permissions.has(STUDIO_DEPLOY_PERMISSIONS[environment])) {
    throw new ForbiddenError(deployForbiddenMessage(environment));
  }
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // A deployment changes the version: the app's editors only, and never in an archived app.
    await requireEditableApp(tx, ctx, appId, { addsToIt: true });
    const { app, version } = await requireVersion(tx, appId, versionId);
    if (version.stage === 'ARCHIVE') throw new BadRequestError(STUDIO_MESSAGES.versionCannotBeLocked);
    if (!version.is_frozen) throw new BadRequestError(STUDIO_MESSAGES.notFrozenVersion);
    if (environment === 'PRODUCTION') {
      const [review] = await studioReviewsRepository.latestOf(tx, [version.id]);
      if (review?.decision !== 'approved') throw new BadRequestError(STUDIO_MESSAGES.productionNeedsApproval);
    }

    const published = [];
    // One deployment of an app at a time: each publishes the kinds' next versions. Production's
    // become their kinds' current definitions; a test environment's are test definitions that
    // only its test workflows start on (test-workflows.service.ts), Production left as it was.
    await studioAppsRepository.lock(tx, app.id);
    const savepoint = await studioSavepointsRepository.find(tx, app.id, version.savepoint_id);
    if (!savepoint) throw new Error(`studio version ${version.id} without its savepoint`);
    for (const definition of publicationOrder(checkPackageForVersion(toPackage(savepoint.package)))) {
      const input = { definition, publishedBy: ctx.auth.user.id };
      const result = isTestEnvironment(environment)
        ? await publishTestDefinition(tx, ctx.tenant.id, { ...input, environment })
        : await publishDefinition(tx, ctx.tenant.id, input);
      published.push({
        kind_tag: definition.kind.tag,
        definition_id: Number(result.definitionId),
        version: result.version,
      });
    }

    const deployment = await studioDeploymentsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      versionId: version.id,
      environment,
      publishedJson: JSON.stringify(published),
      userId: ctx.auth.user.id,
    });
    await studioVersionsRepository.update(tx, version.id, { stage: 'deployed', isLocked: true });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      actorId: ctx.auth.user.id,
      action: 'version_deployed',
      details: {
        version_id: Number(version.id),
        version: `${version.major}.${version.minor}`,
        environment,
        published,
      },
    });
    return toDeployment(deployment);
  });
}
