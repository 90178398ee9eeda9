// The studio's API calls a designer makes from a package to Production (issue 15), each answer
// checked against its shared schema, for the studio benchmarks (studio-deploy.ts, studio-move.ts).
import {
  STUDIO_PATHS,
  StudioAppSchema,
  StudioBranchSchema,
  StudioSavepointSchema,
  StudioVersionSchema,
  type WorkflowDefinition,
} from '@attest/shared';
import type { BenchClient } from './studio-bench-server.js';

// A new app; its main branch (id and the revision a save must name).
export async function newStudioApp(client: BenchClient, name: string) {
  const app = StudioAppSchema.parse(
    await client.json('POST', STUDIO_PATHS.apps, { name, description: 'Studio benchmark' }),
  );
  const detail = await client.json<{ branches: { id: number; is_main: boolean }[] }>(
    'GET',
    STUDIO_PATHS.app(app.id),
  );
  const main = detail.branches.find((b) => b.is_main);
  if (!main) throw new Error(`App ${app.id} has no main branch`);
  const branch = StudioBranchSchema.parse(await client.json('GET', STUDIO_PATHS.branch(app.id, main.id)));
  return { appId: app.id, branchId: branch.id, revision: branch.revision };
}

export async function saveWorkingCopy(
  client: BenchClient,
  at: { appId: number; branchId: number },
  revision: number,
  processes: WorkflowDefinition[],
) {
  const branch = StudioBranchSchema.parse(
    await client.json('PUT', STUDIO_PATHS.workingCopy(at.appId, at.branchId), {
      revision,
      package: { processes },
    }),
  );
  return branch.revision;
}

export async function makeSavepoint(client: BenchClient, at: { appId: number; branchId: number }) {
  return StudioSavepointSchema.parse(
    await client.json('POST', STUDIO_PATHS.savepoints(at.appId, at.branchId), { message: 'Benchmark' }),
  ).id;
}

// Makes a version of a savepoint: the step that checks the whole package against the definition schema.
export async function makeVersion(
  client: BenchClient,
  appId: number,
  savepointId: number,
  increment: 'major' | 'minor',
) {
  return StudioVersionSchema.parse(
    await client.json('POST', STUDIO_PATHS.versions(appId), { savepoint_id: savepointId, increment }),
  );
}

export async function readyForTest(client: BenchClient, appId: number, versionId: number) {
  await client.json('POST', STUDIO_PATHS.versionStage(appId, versionId), { stage: 'rft' });
}

export async function approve(client: BenchClient, appId: number, versionId: number) {
  await client.json('POST', STUDIO_PATHS.versionReviews(appId, versionId), {
    decision: 'approved',
    comment: 'Benchmark approval',
  });
}

// Deploys to Production: the package's processes are published through the engine.
export async function deployToProduction(client: BenchClient, appId: number, versionId: number) {
  await client.json('POST', STUDIO_PATHS.versionDeployments(appId, versionId), { environment: 'PRODUCTION' });
}
