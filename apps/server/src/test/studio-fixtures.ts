import {
  STUDIO_PATHS,
  StudioAppSchema,
  StudioBranchSchema,
  StudioSavepointSchema,
  StudioVersionSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import { expect } from 'vitest';
import type { TestClient } from './test-app.js';
import { VENDOR_CHECK_DEFINITION } from './workflow-fixtures.js';

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
