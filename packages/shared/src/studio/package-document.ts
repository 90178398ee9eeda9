import { z } from 'zod';
import { PERMISSIONS } from '../permissions.js';
import { text } from '../validators/input-limits.js';
import {
  STUDIO_APP_NAME_MAX_LENGTH,
  STUDIO_BRANCH_NAME_MAX_LENGTH,
  STUDIO_DESCRIPTION_MAX_LENGTH,
  StudioAppSchema,
  StudioBranchSchema,
} from './api.js';
import { PackageProcessesSchema, refuseRepeatedProcesses } from './package.js';

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

// Validated in full before anything is written: the app's details, and every process by the
// workflow engine's definition schema, no kind twice.
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
    processes: PackageProcessesSchema.min(1),
  })
  .strict()
  .superRefine(refuseRepeatedProcesses);
export type StudioPackageDocument = z.infer<typeof StudioPackageDocumentSchema>;

// The export as the API answers it: the same document, its processes as stored (they passed the
// definition schema when the version was made); an importer checks them in full again.
export const StudioPackageExportSchema = z.object({
  schema_version: z.literal(STUDIO_PACKAGE_DOCUMENT_VERSION),
  app: z.object({ name: text(), description: text(), icon: text().nullable() }),
  version: z.object({ major: z.number().int(), minor: z.number().int() }),
  exported_at: text(),
  processes: z.array(z.record(z.string(), z.unknown())),
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
