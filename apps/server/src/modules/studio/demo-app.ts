import type { ObjectTypeDefinition, WorkflowDefinition } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { publishObjectType } from '../records/index.js';
import { publishDefinition } from '../workflows/index.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import { publicationOrder } from './package-check.js';
import {
  studioDeploymentsRepository,
  studioReviewsRepository,
  studioVersionsRepository,
} from './versions.repository.js';

export type DemoStudioApp = {
  name: string;
  description: string;
  icon: string | null;
  // The processes, published by the Production deployment (each kind's first version).
  processes: readonly WorkflowDefinition[];
  // Object types in the app (issue 18), published by the same deployment before the processes.
  objects?: readonly ObjectTypeDefinition[];
  userId: string | null;
};

// The demo seed's kinds as version 1.0 of an app, approved and deployed to Production, so the studio
// opens on real content. Its deployment publishes as deployments.service does: the object types
// first, so a process's data_object field finds its type published (plan §2), then the processes,
// a child kind before its parents. Answers the app's id.
export async function seedDemoStudioApp(tx: Tx, tenantId: string, demo: DemoStudioApp): Promise<string> {
  const objects = demo.objects ?? [];
  const packageJson = JSON.stringify({ processes: demo.processes, objects });
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
  // The deployment row first: the object type versions it publishes name it.
  const deployment = await studioDeploymentsRepository.insert(tx, {
    tenantId,
    appId: app.id,
    versionId: version.id,
    environment: 'PRODUCTION',
    publishedJson: '[]',
    userId: demo.userId,
  });
  const publishedObjects = [];
  for (const definition of objects) {
    const result = await publishObjectType(tx, tenantId, {
      definition,
      publishedBy: demo.userId,
      deploymentId: deployment.id,
    });
    publishedObjects.push({
      object_type_tag: definition.tag,
      object_type_version_id: Number(result.versionId),
      version: result.version,
    });
  }
  const published = [];
  for (const definition of publicationOrder([...demo.processes])) {
    const result = await publishDefinition(tx, tenantId, { definition, publishedBy: demo.userId });
    published.push({
      kind_tag: definition.kind.tag,
      definition_id: Number(result.definitionId),
      version: result.version,
    });
  }
  await studioDeploymentsRepository.setPublished(tx, deployment.id, JSON.stringify(published));
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
      ...(publishedObjects.length > 0 ? { published_objects: publishedObjects } : {}),
      seeded: true,
    },
  });
  return app.id;
}
