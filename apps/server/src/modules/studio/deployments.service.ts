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
import { publishObjectType } from '../records/index.js';
import { publishDefinition, publishTestDefinition } from '../workflows/index.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { studioSavepointsRepository } from './branches.repository.js';
import { checkObjectTypeTags, checkPackageForVersion, publicationOrder } from './package-check.js';
import { toDeployment, toPackage } from './studio-rows.js';
import {
  studioDeploymentsRepository,
  studioReviewsRepository,
  studioVersionsRepository,
} from './versions.repository.js';
import { requireVersion } from './versions.service.js';

// Deploys a frozen version to one of the tenant's environments (spec 2 §6 'Can deploy to ...'),
// publishing every object type (Production only) and every process through the workflow engine in the
// same transaction. Production needs an
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

    // One deployment of an app at a time: each publishes the kinds' next versions. Production's
    // become their kinds' current definitions; a test environment's are test definitions that
    // only its test workflows start on (test-workflows.service.ts), Production left as it was.
    await studioAppsRepository.lock(tx, app.id);
    const savepoint = await studioSavepointsRepository.find(tx, app.id, version.savepoint_id);
    if (!savepoint) throw new Error(`studio version ${version.id} without its savepoint`);
    const pkg = checkPackageForVersion(toPackage(savepoint.package));
    await checkObjectTypeTags(tx, pkg);
    // The deployment row first: the object type versions it publishes name it.
    const deployment = await studioDeploymentsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      versionId: version.id,
      environment,
      publishedJson: '[]',
      userId: ctx.auth.user.id,
    });
    // Object types first, so a process's data_object field finds its type published (plan §2).
    // Records are production data: a test environment validates the objects (above) and publishes
    // none of them (docs/records.md). What was published is each object_type_versions row's
    // studio_deployment_id and the activity's `published_objects`; studio_deployments.published keeps
    // listing the processes alone, as its readers (test workflows, moves, the web) expect.
    const publishedObjects = [];
    if (!isTestEnvironment(environment)) {
      for (const definition of pkg.objects) {
        const result = await publishObjectType(tx, ctx.tenant.id, {
          definition,
          publishedBy: ctx.auth.user.id,
          deploymentId: deployment.id,
        });
        publishedObjects.push({
          object_type_tag: definition.tag,
          object_type_version_id: Number(result.versionId),
          version: result.version,
        });
      }
    }
    const published = [];
    for (const definition of publicationOrder(pkg.definitions)) {
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
    const deployed = await studioDeploymentsRepository.setPublished(
      tx,
      deployment.id,
      JSON.stringify(published),
    );
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
        ...(publishedObjects.length > 0 ? { published_objects: publishedObjects } : {}),
      },
    });
    return toDeployment(deployed);
  });
}
