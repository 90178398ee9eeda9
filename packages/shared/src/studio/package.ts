import { z } from 'zod';
import { type WorkflowDefinition, WorkflowDefinitionSchema } from '../workflows/index.js';

// An app's processes (issue 15), each a workflow kind's definition, known by its kind tag.
export const MAX_PACKAGE_PROCESSES = 100;

export const PackageProcessesSchema = z.array(WorkflowDefinitionSchema).max(MAX_PACKAGE_PROCESSES);

// No two processes of a package define the same kind; issues under `processes.{index}.kind.tag`.
export function refuseRepeatedProcesses(
  pkg: { processes: WorkflowDefinition[] },
  ctx: z.core.$RefinementCtx<unknown>,
) {
  const seen = new Set<string>();
  pkg.processes.forEach((definition, index) => {
    const tag = definition.kind.tag;
    if (seen.has(tag)) {
      ctx.addIssue({
        code: 'custom',
        path: ['processes', index, 'kind', 'tag'],
        message: `The process '${tag}' is repeated.`,
      });
    }
    seen.add(tag);
  });
}

export const StudioPackageSchema = z
  .object({ processes: PackageProcessesSchema })
  .strict()
  .superRefine(refuseRepeatedProcesses);
export type StudioPackage = z.infer<typeof StudioPackageSchema>;

// What a branch holds while designers edit it (the server's working copy): any JSON object per
// process, valid or not yet; StudioPackageSchema checks it when it becomes a version.
export type StudioDraftPackage = { processes: Record<string, unknown>[] };

// What the diff and the merge accept: a package or a draft of one, even with parts missing.
export type PackageLike = { readonly processes?: readonly unknown[] | undefined };
export type DefinitionLike = { readonly [key: string]: unknown };
