import {
  STUDIO_PATHS,
  STUDIO_TEST_WORKFLOW_PATHS,
  StudioDeploymentSchema,
  WorkflowDetailSchema,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import {
  appWithSavepoint,
  deploy,
  stage,
  studioTenant,
  VENDOR_CHECK_WITH_WEBSITE,
  version,
} from './studio-fixtures.js';
import type { TestClient } from './test-app.js';
import { SUB_CHECK_DEFINITION, type WorkflowTestTenant } from './workflow-fixtures.js';

// Issue 15: test workflows (studio-test-workflows*.test.ts).
// A designer's app holding the vendor check with a website field (and its child kind), version 1.0
// ready for test, deployed to QA.
export async function deployedToQa(app: FastifyInstance, adminDb: Db, approved = false) {
  const { t, designer } = await studioTenant(app, adminDb);
  const { app: created, savepoint } = await appWithSavepoint(designer, [
    SUB_CHECK_DEFINITION,
    VENDOR_CHECK_WITH_WEBSITE,
  ]);
  const v1 = await version(designer, created.id, savepoint.id, 'major');
  expect((await stage(designer, created.id, v1.id, 'rft')).statusCode).toBe(200);
  if (approved) await designer.post(STUDIO_PATHS.versionReviews(created.id, v1.id), { decision: 'approved' });
  const deployed = await deploy(designer, created.id, v1.id, 'QA');
  expect(deployed.statusCode, deployed.body).toBe(201);
  return {
    t,
    designer,
    appId: created.id,
    versionId: v1.id,
    deployment: StudioDeploymentSchema.parse(deployed.json()),
  };
}

export function startTest(
  client: TestClient,
  t: WorkflowTestTenant,
  appId: number,
  environment: 'QA' | 'UAT',
  name: string,
) {
  return client.post(STUDIO_TEST_WORKFLOW_PATHS.startTestWorkflow(appId, environment, 'vendor_check'), {
    name,
    region_id: t.ids.region('Europe'),
    business_unit_id: t.ids.unit('Paris'),
  });
}

export async function started(client: TestClient, t: WorkflowTestTenant, appId: number, name = 'QA check') {
  const response = await startTest(client, t, appId, 'QA', name);
  expect(response.statusCode, response.body).toBe(201);
  return WorkflowDetailSchema.parse(response.json());
}
