import {
  type MergeBranchRequest,
  type MergeBranchResponse,
  type MergeChoices,
  type MergeConflict,
  mergePackages,
  STUDIO_MERGE_MESSAGES,
  type StudioDraftPackage,
  StudioWorkingCopySchema,
} from '@attest/shared';
import { BadRequestError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { requireEditableApp } from './app-access.js';
import { studioActivityRepository } from './apps.repository.js';
import { studioBranchesRepository, studioSavepointsRepository } from './branches.repository.js';
import { StaleRevisionError } from './studio-errors.js';
import { toBranchSummary, toPackage } from './studio-rows.js';

type Sources = { base: unknown; ours: unknown; theirs: unknown };

// A choice may settle a conflict that only shows once another choice is applied (an item kept
// whose content conflicts too): the conflicts the choices reach, found by merging again until no
// chosen one is new.
function settle(sources: Sources, choices: MergeChoices) {
  const merge = (known: ReadonlySet<string>) =>
    mergePackages(
      sources.base as StudioDraftPackage,
      sources.ours as StudioDraftPackage,
      sources.theirs as StudioDraftPackage,
      Object.fromEntries(Object.entries(choices).filter(([id]) => known.has(id))),
    );
  const known = new Set<string>();
  let result = merge(known);
  for (let round = 0; round < 20; round++) {
    const reached = result.conflicts.filter((c) => Object.hasOwn(choices, c.id) && !known.has(c.id));
    if (reached.length === 0) break;
    for (const conflict of reached) known.add(conflict.id);
    result = merge(known);
  }
  return { result, known };
}

function conflictErrors(conflicts: MergeConflict[]) {
  return Object.fromEntries(conflicts.map((c) => [`choices.${c.id}`, [STUDIO_MERGE_MESSAGES.missingChoice]]));
}

// Merges a branch into its app's main branch (issue 15): three-way, base = the savepoint the branch
// was based on, ours = main's working copy, theirs = the branch's working copy. Without choices,
// real conflicts are answered and nothing is written; otherwise main becomes the merged package in
// one transaction with its activity row. Main's revision is checked: a save since is a 409.
export function mergeBranch(
  ctx: UserContext,
  appId: number,
  branchId: number,
  body: MergeBranchRequest,
): Promise<MergeBranchResponse> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireEditableApp(tx, ctx, appId);
    const branch = await studioBranchesRepository.find(tx, app.id, String(branchId));
    if (!branch) throw new NotFoundError();
    if (branch.is_main) throw new BadRequestError(STUDIO_MERGE_MESSAGES.mainBranchNotMerged);
    const main = await studioBranchesRepository.findMain(tx, app.id);
    if (!main) throw new NotFoundError();
    if (main.revision !== body.revision) throw new StaleRevisionError();
    const basePoint = branch.based_on_savepoint_id
      ? await studioSavepointsRepository.find(tx, app.id, branch.based_on_savepoint_id)
      : undefined;
    const sources = { base: basePoint?.package, ours: main.package, theirs: branch.package };
    const choices = body.choices ?? {};
    const { result, known } = settle(sources, choices);
    const unknown = Object.keys(choices).filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new BadRequestError(
        STUDIO_MERGE_MESSAGES.unknownChoice,
        Object.fromEntries(unknown.map((id) => [`choices.${id}`, [STUDIO_MERGE_MESSAGES.unknownChoice]])),
      );
    }
    const unchanged = { ...toBranchSummary(main), package: toPackage(main.package) };
    if (result.conflicts.length > 0) {
      // Choices were given but do not cover every conflict: refused, so nothing is decided for the
      // designer. Without choices the conflicts are the answer.
      if (body.choices) {
        throw new BadRequestError(STUDIO_MERGE_MESSAGES.missingChoice, conflictErrors(result.conflicts));
      }
      return { merged: false, conflicts: result.conflicts, main: unchanged };
    }
    // Both sides may add processes: the merged package keeps the working copy's bounds.
    if (!StudioWorkingCopySchema.safeParse(result.merged).success) {
      throw new BadRequestError(STUDIO_MERGE_MESSAGES.mergedTooLarge);
    }
    const revision = await studioBranchesRepository.saveWorkingCopy(tx, main.id, {
      revision: body.revision,
      packageJson: JSON.stringify(result.merged),
      userId: ctx.auth.user.id,
    });
    if (revision === undefined) throw new StaleRevisionError();
    await studioActivityRepository.record(tx, {
      tenantId: ctx.tenant.id,
      appId: app.id,
      branchId: main.id,
      actorId: ctx.auth.user.id,
      action: 'branch_merged',
      details: {
        from_branch_id: Number(branch.id),
        from_branch: branch.name,
        base_savepoint_id: basePoint ? Number(basePoint.id) : null,
        revision,
        choices: Object.keys(choices).length,
      },
    });
    const saved = await studioBranchesRepository.find(tx, app.id, main.id);
    if (!saved) throw new NotFoundError();
    return {
      merged: true,
      conflicts: [],
      main: { ...toBranchSummary(saved), package: toPackage(saved.package) },
    };
  });
}
