import { z } from 'zod';
import { PERMISSIONS } from '../permissions.js';
import { text } from '../validators/input-limits.js';
import {
  STUDIO_APP_NAME_MAX_LENGTH,
  STUDIO_BRANCH_NAME_MAX_LENGTH,
  STUDIO_DESCRIPTION_MAX_LENGTH,
  STUDIO_MESSAGES,
  StudioAppSchema,
  StudioBranchSchema,
} from './api.js';
import {
  PackageObjectsSchema,
  PackageProcessesSchema,
  refuseRepeatedObjects,
  refuseRepeatedProcesses,
} from './package.js';

// Issue 15, package JSON (spec 2 §6 'Can generate template JSON'): a version of an app exported as
// one JSON document, imported into another tenant or instance as a new app or a new branch.
const base = '/api/v1/studio';
export const STUDIO_PACKAGE_PATHS = {
  export: (appId: number, versionId: number) => `${base}/apps/${appId}/versions/${versionId}/package/`,
  import: `${base}/packages/`,
} as const;

// The document's own format; a later format is read by converting it, never by guessing.
export const STUDIO_PACKAGE_DOCUMENT_VERSION = 1;

export const STUDIO_PACKAGE_MESSAGES = {
  forbidden: `Exporting and importing a package needs the permission '${PERMISSIONS.can_generate_template_json}'.`,
} as const;

// Validated in full before anything is written: the app's details, every process by the workflow
// engine's definition schema, no kind twice, and every object type (issue 18; documents from before
// it have none) by ObjectTypeDefinitionSchema, no tag twice. At least one process or object type.
export const StudioPackageDocumentSchema = z
  .object({
    schema_version: z.literal(STUDIO_PACKAGE_DOCUMENT_VERSION),
    app: z
      .object({
        name: text().trim().min(1).max(STUDIO_APP_NAME_MAX_LENGTH),
        description: text().trim().max(STUDIO_DESCRIPTION_MAX_LENGTH).default(''),
        icon: text().trim().min(1).max(100).nullable().default(null),
      })
      .strict(),
    version: z.object({ major: z.number().int().min(1), minor: z.number().int().min(0) }).strict(),
    exported_at: text().max(40).optional(),
    processes: PackageProcessesSchema,
    objects: PackageObjectsSchema.default([]),
  })
  .strict()
  .superRefine(refuseRepeatedProcesses)
  .superRefine(refuseRepeatedObjects)
  .superRefine((document, ctx) => {
    if (document.processes.length === 0 && document.objects.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['processes'], message: STUDIO_MESSAGES.emptyPackage });
    }
  });
export type StudioPackageDocument = z.infer<typeof StudioPackageDocumentSchema>;

// The export as the API answers it: the same document, its processes and object types as stored (they
// passed their schemas when the version was made); an importer checks them in full again. `objects`
// only when the version has some, so a document of processes reads as before issue 18.
export const StudioPackageExportSchema = z.object({
  schema_version: z.literal(STUDIO_PACKAGE_DOCUMENT_VERSION),
  app: z.object({ name: text(), description: text(), icon: text().nullable() }),
  version: z.object({ major: z.number().int(), minor: z.number().int() }),
  exported_at: text(),
  processes: z.array(z.record(z.string(), z.unknown())),
  objects: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type StudioPackageExport = z.infer<typeof StudioPackageExportSchema>;

export const ImportStudioPackageRequestSchema = z
  .object({
    document: StudioPackageDocumentSchema,
    // Into an existing app of the tenant, as a new branch; without it, a new app.
    app_id: z.number().int().min(1).optional(),
    // The new branch's name; defaults to `import-{major}.{minor}`.
    branch_name: text().trim().min(1).max(STUDIO_BRANCH_NAME_MAX_LENGTH).optional(),
  })
  .strict();
export type ImportStudioPackageRequest = z.infer<typeof ImportStudioPackageRequestSchema>;

// The app (new or existing), the branch holding the processes, and the savepoint taken of it, from
// which a version is made as usual.
export const ImportStudioPackageResponseSchema = z.object({
  app: StudioAppSchema,
  branch: StudioBranchSchema,
  savepoint_id: z.number().int(),
});
export type ImportStudioPackageResponse = z.infer<typeof ImportStudioPackageResponseSchema>;
