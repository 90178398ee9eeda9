import type { ObjectTypeDefinition, WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { publishObjectType } from '../records/index.js';
import type { PublishedDefinition } from '../workflows/index.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import {
  studioDeploymentsRepository,
  studioReviewsRepository,
  studioVersionsRepository,
} from './versions.repository.js';

export type DemoStudioApp = {
  name: string;
  description: string;
  icon: string | null;
  // Each process with what the engine already published it as.
  processes: { definition: WorkflowDefinition; published: PublishedDefinition }[];
  // Object types in the app (issue 18), published by the Production deployment as a deploy does.
  objects?: ObjectTypeDefinition[];
  userId: string | null;
};

// The demo seed's kinds as version 1.0 of an app, approved and deployed to Production, so the studio
// opens on real content. It links the definitions the seed has already published instead of
// publishing them again: the demo workflows stay on the definitions they were created with.
export async function seedDemoStudioApp(tx: Tx, tenantId: string, demo: DemoStudioApp): Promise<string> {
  const objects = demo.objects ?? [];
  const packageJson = JSON.stringify({ processes: demo.processes.map((p) => p.definition), objects });
  const app = await studioAppsRepository.insert(tx, {
    tenantId,
    name: demo.name,
    description: demo.description,
    icon: demo.icon,
    createdBy: demo.userId,
  });
  const main = await studioBranchesRepository.insert(tx, {
    tenantId,
    appId: app.id,
    name: 'main',
    isMain: true,
    basedOn: null,
    packageJson,
    userId: demo.userId,
  });
  const savepoint = await studioSavepointsRepository.insert(tx, {
    tenantId,
    appId: app.id,
    branchId: main.id,
    parentId: null,
    message: 'The demo processes as first published',
    packageJson,
    userId: demo.userId,
  });
  const version = await studioVersionsRepository.insert(tx, {
    tenantId,
    appId: app.id,
    savepointId: savepoint.id,
    major: 1,
    minor: 0,
    userId: demo.userId,
  });
  await studioReviewsRepository.insert(tx, {
    tenantId,
    versionId: version.id,
    reviewerId: demo.userId,
    decision: 'approved',
    comment: '',
  });
  await studioVersionsRepository.update(tx, version.id, {
    stage: 'deployed',
    isFrozen: true,
    isLocked: true,
  });
  const published = demo.processes.map((p) => ({
    kind_tag: p.definition.kind.tag,
    definition_id: Number(p.published.definitionId),
    version: p.published.version,
  }));
  const deployment = await studioDeploymentsRepository.insert(tx, {
    tenantId,
    appId: app.id,
    versionId: version.id,
    environment: 'PRODUCTION',
    publishedJson: JSON.stringify(published),
    userId: demo.userId,
  });
  // As deployments.service publishes a Production deployment's objects.
  for (const definition of objects) {
    await publishObjectType(tx, tenantId, {
      definition,
      publishedBy: demo.userId,
      deploymentId: deployment.id,
    });
  }
  await studioActivityRepository.record(tx, {
    tenantId,
    appId: app.id,
    branchId: main.id,
    actorId: demo.userId,
    action: 'version_deployed',
    details: {
      version_id: Number(version.id),
      version: '1.0',
      environment: 'PRODUCTION',
      published,
      seeded: true,
    },
  });
  return app.id;
}
