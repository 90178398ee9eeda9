import {
  type CreateStudioBranchRequest,
  type SaveWorkingCopyRequest,
  STUDIO_MESSAGES,
  type StudioBranch,
  type StudioSavepoint,
} from '@attest/shared';
import { isUniqueViolation } from '../../platform/database-errors.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository } from './apps.repository.js';
import { requireApp } from './apps.service.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import { parseDraftPackage } from './package-check.js';
import { StaleRevisionError } from './studio-errors.js';
import { toBranchSummary, toPackage, toSavepointSummary } from './studio-rows.js';

const branchNameTaken = () =>
  new BadRequestError(STUDIO_MESSAGES.branchNameTaken, { name: [STUDIO_MESSAGES.branchNameTaken] });

// With `editor`, the branch is for a change: only the app's editors may (app-access.ts).
async function requireBranch(tx: Tx, appId: number, branchId: number, editor?: UserContext) {
  const app = editor ? await requireEditableApp(tx, editor, appId) : await requireApp(tx, appId);
  const branch = await studioBranchesRepository.find(tx, app.id, String(branchId));
  if (!branch) throw new NotFoundError();
  return { app, branch };
}

function toBranch(row: Awaited<ReturnType<typeof requireBranch>>['branch']): StudioBranch {
  return { ...toBranchSummary(row), package: toPackage(row.package) };
}

// A branch starts from a savepoint of the app, or from the main branch's working copy as it is now.
export async function createBranch(ctx: UserContext, appId: number, body: CreateStudioBranchRequest) {
  try {
    return await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const app = await requireEditableApp(tx, ctx, appId, { addsToIt: true });
      if (await studioBranchesRepository.nameTaken(tx, app.id, body.name)) throw branchNameTaken();
      let start: { basedOn: string | null; package: unknown };
      if (body.from_savepoint_id === undefined) {
        const main = await studioBranchesRepository.findMain(tx, app.id);
        if (!main) throw new NotFoundError();
        const basedOn =
          (await studioSavepointsRepository.latestOfBranch(tx, main.id)) ?? main.based_on_savepoint_id;
        start = { basedOn, package: main.package };
      } else {
        const savepoint = await studioSavepointsRepository.find(tx, app.id, String(body.from_savepoint_id));
        if (!savepoint) throw new NotFoundError();
        start = { basedOn: savepoint.id, package: savepoint.package };
      }
      const { id } = await studioBranchesRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        appId: app.id,
        name: body.name,
        isMain: false,
        basedOn: start.basedOn,
        packageJson: JSON.stringify(start.package),
        userId: ctx.auth.user.id,
      });
      await studioActivityRepository.record(tx, {
        tenantId: ctx.tenant.id,
        appId: app.id,
        branchId: id,
        actorId: ctx.auth.user.id,
        action: 'branch_created',
        details: {
          name: body.name,
          based_on_savepoint_id: start.basedOn === null ? null : Number(start.basedOn),
        },
      });
      const created = await studioBranchesRepository.find(tx, app.id, id);
      if (!created) throw new NotFoundError();
      return toBranch(created);
    });
  } catch (error) {
    // Two designers naming a branch alike at the same moment.
    throw isUniqueViolation(error) ? branchNameTaken() : error;
  }
}

export function getBranch(ctx: UserContext, appId: number, branchId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) =>
    toBranch((await requireBranch(tx, appId, branchId)).branch),
  );
}

// Autosave of the designer: no lock is ever taken. A save based on an older revision than the
// branch's is refused (409), so nobody's work is overwritten silently.
export function saveWorkingCopy(
  ctx: UserContext,
  appId: number,
  branchId: number,
  body: SaveWorkingCopyRequest,
) {
  const workingCopy = parseDraftPackage(body.package);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { app, branch } = await requireBranch(tx, appId, branchId, ctx);
    const revision = await studioBranchesRepository.saveWorkingCopy(tx, branch.id, {
      revision: body.revision,
      packageJson: JSON.stringify(workingCopy),
      userId: ctx.auth.user.id,
    });
    if (revision === undefined) throw new StaleRevisionError();
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: branch.id,
      actorId: ctx.auth.user.id,
      action: 'working_copy_saved',
      details: { revision, processes: workingCopy.processes.length },
    });
    const saved = await studioBranchesRepository.find(tx, app.id, branch.id);
    if (!saved) throw new NotFoundError();
    return toBranch(saved);
  });
}

// A savepoint snapshots the branch's working copy as it is; it never changes afterwards.
export function createSavepoint(ctx: UserContext, appId: number, branchId: number, message: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx): Promise<StudioSavepoint> => {
    const { app, branch } = await requireBranch(tx, appId, branchId, ctx);
    const parentId =
      (await studioSavepointsRepository.latestOfBranch(tx, branch.id)) ?? branch.based_on_savepoint_id;
    const savepoint = await studioSavepointsRepository.insert(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: branch.id,
      parentId,
      message,
      packageJson: JSON.stringify(branch.package),
      userId: ctx.auth.user.id,
    });
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: branch.id,
      actorId: ctx.auth.user.id,
      action: 'savepoint_created',
      details: { savepoint_id: Number(savepoint.id), message, revision: branch.revision },
    });
    return { ...toSavepointSummary(savepoint), package: toPackage(branch.package) };
  });
}

export function getSavepoint(ctx: UserContext, appId: number, savepointId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx): Promise<StudioSavepoint> => {
    const app = await requireApp(tx, appId);
    const savepoint = await studioSavepointsRepository.find(tx, app.id, String(savepointId));
    if (!savepoint) throw new NotFoundError();
    return { ...toSavepointSummary(savepoint), package: toPackage(savepoint.package) };
  });
}
