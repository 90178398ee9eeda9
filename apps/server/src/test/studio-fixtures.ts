import {
  STUDIO_PATHS,
  StudioAppSchema,
  StudioBranchSchema,
  StudioSavepointSchema,
  StudioVersionSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { grant } from './admin-fixtures.js';
import type { TestClient } from './test-app.js';
import { SUB_CHECK_DEFINITION, VENDOR_CHECK_DEFINITION, workflowTestTenant } from './workflow-fixtures.js';

// The vendor check with one more field on its first step: what a designer changes in the studio.
export const VENDOR_CHECK_WITH_WEBSITE: WorkflowDefinition = {
  ...VENDOR_CHECK_DEFINITION,
  step_groups: VENDOR_CHECK_DEFINITION.step_groups.map((group, g) =>
    g === 0
      ? {
          ...group,
          steps: group.steps.map((step, s) =>
            s === 0
              ? {
                  ...step,
                  fields: [
                    ...step.fields,
                    { tag: 'vendor_check__intake__details__website', type: 'text', label: 'Website' },
                  ],
                }
              : step,
          ),
        }
      : group,
  ),
};

export function put(client: TestClient, url: string, payload: object) {
  return client.request({ method: 'PUT', url, payload });
}

export async function newApp(client: TestClient, name = 'Vendor management') {
  const response = await client.post(STUDIO_PATHS.apps, { name, description: 'Vendors, end to end' });
  expect(response.statusCode).toBe(201);
  return StudioAppSchema.parse(response.json());
}

export async function mainBranch(client: TestClient, appId: number) {
  const detail = (await client.get(STUDIO_PATHS.app(appId))).json();
  const main = detail.branches.find((b: { is_main: boolean }) => b.is_main);
  return StudioBranchSchema.parse((await client.get(STUDIO_PATHS.branch(appId, main.id))).json());
}

export async function save(
  client: TestClient,
  appId: number,
  branchId: number,
  revision: number,
  processes: unknown[],
) {
  const response = await put(client, STUDIO_PATHS.workingCopy(appId, branchId), {
    revision,
    package: { processes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return StudioBranchSchema.parse(response.json());
}

export async function savepoint(client: TestClient, appId: number, branchId: number, message = 'Ready') {
  const response = await client.post(STUDIO_PATHS.savepoints(appId, branchId), { message });
  expect(response.statusCode, response.body).toBe(201);
  return StudioSavepointSchema.parse(response.json());
}

export async function version(
  client: TestClient,
  appId: number,
  savepointId: number,
  increment: 'major' | 'minor',
) {
  const response = await client.post(STUDIO_PATHS.versions(appId), { savepoint_id: savepointId, increment });
  expect(response.statusCode, response.body).toBe(201);
  return StudioVersionSchema.parse(response.json());
}

// An app whose main branch holds the given processes, snapshot as a savepoint.
export async function appWithSavepoint(client: TestClient, processes: unknown[]) {
  const app = await newApp(client);
  const main = await mainBranch(client, app.id);
  await save(client, app.id, main.id, main.revision, processes);
  const point = await savepoint(client, app.id, main.id);
  return { app, main, savepoint: point };
}

// admin: a designer who may deploy everywhere; member: may use the studio and deploy nowhere.
export async function studioTenant(app: FastifyInstance, adminDb: Db) {
  const t = await workflowTestTenant(app, adminDb);
  await grant(adminDb, t.id, t.users.admin, [
    'can_access_studio',
    'can_deploy_development',
    'can_deploy_qa',
    'can_deploy_staging',
    'can_deploy_uat',
    'can_deploy_production',
  ]);
  return { t, designer: await t.signedIn('admin') };
}

export function stage(client: TestClient, appId: number, versionId: number, to: string) {
  return client.post(STUDIO_PATHS.versionStage(appId, versionId), { stage: to });
}

export function deploy(client: TestClient, appId: number, versionId: number, environment: string) {
  return client.post(STUDIO_PATHS.versionDeployments(appId, versionId), { environment });
}

// A version 1.0 of the two test kinds, sent for test.
export async function versionReadyForTest(designer: TestClient) {
  const {
    app: created,
    main,
    savepoint: point,
  } = await appWithSavepoint(designer, [VENDOR_CHECK_DEFINITION, SUB_CHECK_DEFINITION]);
  const v1 = await version(designer, created.id, point.id, 'major');
  expect((await stage(designer, created.id, v1.id, 'rft')).statusCode).toBe(200);
  return { appId: created.id, branchId: main.id, savepointId: point.id, versionId: v1.id };
}

export function expect400(
  response: { statusCode: number; body: string; json: () => { detail: string } },
  detail: string,
) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().detail).toBe(detail);
}
