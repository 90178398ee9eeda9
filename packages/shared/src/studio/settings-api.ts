import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { STUDIO_APP_NAME_MAX_LENGTH, STUDIO_DESCRIPTION_MAX_LENGTH, StudioAppSchema } from './api.js';

// Issue 15: an app's settings (/studio/apps/{id}/settings/*: name, icon, description, archive, who
// may edit) and what the app list's cards show. docs/studio.md "App settings".
const base = '/api/v1/studio';
export const STUDIO_SETTINGS_PATHS = {
  // GET: the settings with the editor list; PATCH: change them.
  settings: (appId: number) => `${base}/apps/${appId}/settings/`,
  // PATCH the app itself (name, icon, description, archived, editors) answers the settings too.
  app: (appId: number) => `${base}/apps/${appId}/`,
  // POST {state: started|stopped}: a designer opened or left a branch (a live event, nothing stored).
  branchWork: (appId: number, branchId: number) => `${base}/apps/${appId}/branches/${branchId}/work/`,
} as const;

export const STUDIO_ICON_MAX_LENGTH = 100;
// Who may edit an app: at most this many people and this many groups.
export const STUDIO_MAX_EDITORS = 200;

export const STUDIO_SETTINGS_MESSAGES = {
  archived:
    'This app is archived: unarchive it in its settings before adding branches, versions or deployments.',
  notAnEditor: 'Only the people and groups who may edit this app (and tenant administrators) can change it.',
  nothingToChange: 'Say what to change: a name, an icon, a description, archived or the editors.',
  unknownEditorUser: 'This person is not a member of the tenant.',
  unknownEditorGroup: 'This group does not exist.',
} as const;

const Id = z.number().int().min(1);

export const StudioAppEditorsInputSchema = z
  .object({
    user_ids: z.array(Id).max(STUDIO_MAX_EDITORS).default([]),
    group_ids: z.array(Id).max(STUDIO_MAX_EDITORS).default([]),
  })
  .strict();

// Every key optional; at least one. `editors` replaces the whole list; an empty list means anyone
// with can_access_studio may edit the app again.
export const UpdateStudioAppRequestSchema = z
  .object({
    name: text().trim().min(1).max(STUDIO_APP_NAME_MAX_LENGTH).optional(),
    description: text().trim().max(STUDIO_DESCRIPTION_MAX_LENGTH).optional(),
    icon: text().trim().min(1).max(STUDIO_ICON_MAX_LENGTH).nullable().optional(),
    archived: z.boolean().optional(),
    editors: StudioAppEditorsInputSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: STUDIO_SETTINGS_MESSAGES.nothingToChange,
  });
export type UpdateStudioAppRequest = z.infer<typeof UpdateStudioAppRequestSchema>;

export const StudioEditorUserSchema = z.object({ id: Id, name: text(), email: text() });
export const StudioEditorGroupSchema = z.object({ id: Id, name: text() });
export const StudioAppSettingsSchema = z.object({
  app: StudioAppSchema,
  // Empty lists: no editor list, anyone with can_access_studio may edit.
  editors: z.object({
    users: z.array(StudioEditorUserSchema),
    groups: z.array(StudioEditorGroupSchema),
  }),
  // May the asking person change the app (its settings, branches, working copies, versions)?
  can_edit: z.boolean(),
});
export type StudioAppSettings = z.infer<typeof StudioAppSettingsSchema>;

export const STUDIO_BRANCH_WORK_STATES = ['started', 'stopped'] as const;
export const StudioBranchWorkRequestSchema = z.object({ state: z.enum(STUDIO_BRANCH_WORK_STATES) }).strict();
export type StudioBranchWorkRequest = z.infer<typeof StudioBranchWorkRequestSchema>;
