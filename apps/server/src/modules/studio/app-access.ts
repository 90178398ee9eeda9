import { STUDIO_SETTINGS_MESSAGES } from '@attest/shared';
import { BadRequestError, ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { studioAppSettingsRepository } from './app-settings.repository.js';
import { requireApp } from './apps.service.js';

// Who may change an app (issue 15, docs/studio.md "App settings"): anyone with can_access_studio
// while the app has no editor list; with one, the people on it, the members of its groups and the
// tenant's administrators. Reading stays open to everyone with can_access_studio.
export async function mayEditApp(tx: Tx, ctx: UserContext, appId: string): Promise<boolean> {
  if (ctx.auth.permissions.has('can_access_admin_settings')) return true;
  const { listed, isEditor } = await studioAppSettingsRepository.editorAccess(tx, appId, ctx.auth.user.id);
  return !listed || isEditor;
}

// The app, for a change to it: 404 when it is not the tenant's, 403 when the person may not edit
// it, and, for something new in it (a branch, a version, a deployment), 400 while it is archived.
export async function requireEditableApp(
  tx: Tx,
  ctx: UserContext,
  appId: number,
  options: { addsToIt?: boolean } = {},
) {
  const app = await requireApp(tx, appId);
  if (!(await mayEditApp(tx, ctx, app.id))) throw new ForbiddenError(STUDIO_SETTINGS_MESSAGES.notAnEditor);
  if (options.addsToIt && app.archived_at !== null)
    throw new BadRequestError(STUDIO_SETTINGS_MESSAGES.archived);
  return app;
}
