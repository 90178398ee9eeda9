import {
  type ImportStudioPackageRequest,
  type ImportStudioPackageResponse,
  STUDIO_MAIN_BRANCH,
  STUDIO_MESSAGES,
  STUDIO_PACKAGE_DOCUMENT_VERSION,
  type StudioPackageExport,
} from '@attest/shared';
import { isUniqueViolation } from '../../platform/database-errors.js';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository, studioAppsRepository } from './apps.repository.js';
import { requireApp } from './apps.service.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import { checkPackageForVersion } from './package-check.js';
import { toApp, toBranchSummary, toPackage } from './studio-rows.js';
import { studioVersionsRepository } from './versions.repository.js';

const branchNameTaken = () =>
  new BadRequestError(STUDIO_MESSAGES.branchNameTaken, { branch_name: [STUDIO_MESSAGES.branchNameTaken] });

// A version as one JSON document: the app's details, the version's number and its processes.
export function exportPackage(ctx: UserContext, appId: number, versionId: number) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx): Promise<StudioPackageExport> => {
    const app = await requireApp(tx, appId);
    const version = await studioVersionsRepository.find(tx, app.id, String(versionId));
    if (!version) throw new NotFoundError();
    const savepoint = await studioSavepointsRepository.find(tx, app.id, version.savepoint_id);
    if (!savepoint) throw new Error(`studio version ${version.id} without its savepoint`);
    // A version was checked when it was made; checking again keeps a document always importable.
    const { definitions: processes, objects } = checkPackageForVersion(toPackage(savepoint.package));
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      actorId: ctx.auth.user.id,
      action: 'package_exported',
      details: { version_id: Number(version.id), version: `${version.major}.${version.minor}` },
    });
    return {
      schema_version: STUDIO_PACKAGE_DOCUMENT_VERSION,
      app: { name: app.name, description: app.description, icon: app.icon },
      version: { major: version.major, minor: version.minor },
      exported_at: new Date().toISOString(),
      processes,
      ...(objects.length > 0 ? { objects } : {}),
    };
  });
}

// The app to import into: the one named, or a new one with its main branch holding the processes.
async function targetOf(tx: Tx, ctx: UserContext, body: ImportStudioPackageRequest) {
  const { document } = body;
  if (body.app_id !== undefined) {
    const app = await requireEditableApp(tx, ctx, body.app_id, { addsToIt: true });
    const main = await studioBranchesRepository.findMain(tx, app.id);
    if (!main) throw new NotFoundError();
    const name = body.branch_name ?? `import-${document.version.major}.${document.version.minor}`;
    if (await studioBranchesRepository.nameTaken(tx, app.id, name)) throw branchNameTaken();
    const basedOn =
      (await studioSavepointsRepository.latestOfBranch(tx, main.id)) ?? main.based_on_savepoint_id;
    return { app, name, isMain: false, basedOn };
  }
  const app = await studioAppsRepository.insert(tx, {
    tenantId: ctx.tenant.id,
    name: document.app.name,
    description: document.app.description,
    icon: document.app.icon,
    createdBy: ctx.auth.user.id,
  });
  return { app, name: STUDIO_MAIN_BRANCH, isMain: true, basedOn: null };
}

// Imports a package document (validated in full by the request schema before this runs) as a new
// app, or a new branch of an existing one, with a savepoint of it; everything in one transaction.
export async function importPackage(
  ctx: UserContext,
  body: ImportStudioPackageRequest,
): Promise<ImportStudioPackageResponse> {
  const { document } = body;
  const number = `${document.version.major}.${document.version.minor}`;
  try {
    return await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const target = await targetOf(tx, ctx, body);
      const { processes, objects } = document;
      const packageJson = JSON.stringify(objects.length > 0 ? { processes, objects } : { processes });
      const branch = await studioBranchesRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        appId: target.app.id,
        name: target.name,
        isMain: target.isMain,
        basedOn: target.basedOn,
        packageJson,
        userId: ctx.auth.user.id,
      });
      const savepoint = await studioSavepointsRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        appId: target.app.id,
        branchId: branch.id,
        parentId: target.basedOn,
        message: `Imported from ${document.app.name} ${number}`.slice(0, 500),
        packageJson,
        userId: ctx.auth.user.id,
      });
      await studioActivityRepository.record(tx, {
        tenantId: ctx.tenant.id,
        appId: target.app.id,
        branchId: branch.id,
        actorId: ctx.auth.user.id,
        action: 'package_imported',
        details: {
          from_app: document.app.name,
          version: number,
          processes: document.processes.length,
          ...(objects.length > 0 ? { objects: objects.length } : {}),
          savepoint_id: Number(savepoint.id),
        },
      });
      const created = await studioBranchesRepository.find(tx, target.app.id, branch.id);
      if (!created) throw new NotFoundError();
      return {
        app: toApp(target.app),
        branch: { ...toBranchSummary(created), package: toPackage(created.package) },
        savepoint_id: Number(savepoint.id),
      };
    });
  } catch (error) {
    // Two imports naming a branch alike at the same moment.
    throw isUniqueViolation(error) ? branchNameTaken() : error;
  }
}
