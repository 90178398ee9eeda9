import { z } from 'zod';
import { OBJECT_TYPE_PUBLISH_MESSAGES } from '../records/messages.js';
import { type ObjectTypeDefinition, ObjectTypeDefinitionSchema } from '../records/object-type-schema.js';
import { type WorkflowDefinition, WorkflowDefinitionSchema } from '../workflows/index.js';

// An app's processes (issue 15), each a workflow kind's definition, known by its kind tag.
export const MAX_PACKAGE_PROCESSES = 100;
// An app's object types (issue 18, plan §2), each known by its tag.
export const MAX_PACKAGE_OBJECTS = 50;

export const PackageProcessesSchema = z.array(WorkflowDefinitionSchema).max(MAX_PACKAGE_PROCESSES);
export const PackageObjectsSchema = z.array(ObjectTypeDefinitionSchema).max(MAX_PACKAGE_OBJECTS);

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

// No two object types of a package share a tag (object_types is unique by tag); issues under
// `objects.{index}.tag`.
export function refuseRepeatedObjects(
  pkg: { objects: ObjectTypeDefinition[] },
  ctx: z.core.$RefinementCtx<unknown>,
) {
  const seen = new Set<string>();
  pkg.objects.forEach((definition, index) => {
    if (seen.has(definition.tag)) {
      ctx.addIssue({
        code: 'custom',
        path: ['objects', index, 'tag'],
        message: OBJECT_TYPE_PUBLISH_MESSAGES.repeatedObject(definition.tag),
      });
    }
    seen.add(definition.tag);
  });
}

export const StudioPackageSchema = z
  .object({ processes: PackageProcessesSchema, objects: PackageObjectsSchema.default([]) })
  .strict()
  .superRefine(refuseRepeatedProcesses)
  .superRefine(refuseRepeatedObjects);
export type StudioPackage = z.infer<typeof StudioPackageSchema>;

// What a branch holds while designers edit it (the server's working copy): any JSON object per
// process or object type, valid or not yet; StudioPackageSchema checks it when it becomes a version.
// Branches from before issue 18 have no objects.
export type StudioDraftPackage = {
  processes: Record<string, unknown>[];
  objects?: Record<string, unknown>[];
};

// What the diff and the merge accept: a package or a draft of one, even with parts missing.
export type PackageLike = {
  readonly processes?: readonly unknown[] | undefined;
  readonly objects?: readonly unknown[] | undefined;
};
export type DefinitionLike = { readonly [key: string]: unknown };
