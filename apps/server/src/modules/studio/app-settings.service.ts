import {
  STUDIO_SETTINGS_MESSAGES,
  type StudioAction,
  type StudioAppSettings,
  type UpdateStudioAppRequest,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { mayEditApp, requireEditableApp } from './app-access.js';
import { studioAppSettingsRepository } from './app-settings.repository.js';
import { toSettings } from './app-settings-rows.js';
import { studioActivityRepository } from './apps.repository.js';
import { requireApp } from './apps.service.js';

async function settingsOf(tx: Tx, ctx: UserContext, appId: number): Promise<StudioAppSettings> {
  const app = await requireApp(tx, appId);
  const [users, groups, canEdit] = await Promise.all([
    studioAppSettingsRepository.editorUsers(tx, app.id),
    studioAppSettingsRepository.editorGroups(tx, app.id),
    mayEditApp(tx, ctx, app.id),
  ]);
  return toSettings(app, users, groups, canEdit);
}

// /studio/apps/{id}/settings/*: the app's name, icon, description, archive and who may edit it.
export function getAppSettings(ctx: UserContext, appId: number) {
  return withTenant(ctx.db, ctx.tenant.id, (tx) => settingsOf(tx, ctx, appId));
}

const unique = (ids: number[]) => [...new Set(ids.map(String))];

// Editors named must be the tenant's people and groups; an unknown id is a 400 on its field.
async function checkEditors(tx: Tx, editors: { user_ids: number[]; group_ids: number[] }) {
  const users = unique(editors.user_ids);
  const groups = unique(editors.group_ids);
  const [unknownUsers, unknownGroups] = await Promise.all([
    studioAppSettingsRepository.unknownUsers(tx, users),
    studioAppSettingsRepository.unknownGroups(tx, groups),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  editors.user_ids.forEach((id, i) => {
    if (unknownUsers.has(String(id)))
      fieldErrors[`editors.user_ids.${i}`] = [STUDIO_SETTINGS_MESSAGES.unknownEditorUser];
  });
  editors.group_ids.forEach((id, i) => {
    if (unknownGroups.has(String(id)))
      fieldErrors[`editors.group_ids.${i}`] = [STUDIO_SETTINGS_MESSAGES.unknownEditorGroup];
  });
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new BadRequestError(first, fieldErrors);
  return { users, groups };
}

// Changes an app's settings, each change an activity row, in one transaction. Only its editors
// (and tenant administrators) may; an archived app may still be renamed or unarchived.
export function updateApp(ctx: UserContext, appId: number, body: UpdateStudioAppRequest) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const app = await requireEditableApp(tx, ctx, appId);
    const record = (action: StudioAction, details: Record<string, unknown>) =>
      studioActivityRepository.record(tx, {
        tenantId: ctx.tenant.id,
        appId: app.id,
        actorId: ctx.auth.user.id,
        action,
        details,
      });
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['name', 'description', 'icon'] as const) {
      const to = body[key];
      if (to !== undefined && to !== app[key]) changed[key] = { from: app[key], to };
    }
    const archiving = body.archived !== undefined && body.archived !== (app.archived_at !== null);
    if (Object.keys(changed).length > 0 || archiving) {
      await studioAppSettingsRepository.update(tx, app.id, {
        name: body.name,
        description: body.description,
        icon: body.icon,
        archived: archiving ? body.archived : undefined,
      });
    }
    if (Object.keys(changed).length > 0) await record('app_updated', { changed });
    if (archiving)
      await record(body.archived ? 'app_archived' : 'app_unarchived', { name: body.name ?? app.name });
    if (body.editors) {
      const { users, groups } = await checkEditors(tx, body.editors);
      await studioAppSettingsRepository.replaceEditors(tx, ctx.tenant.id, app.id, users, groups);
      await record('app_editors_changed', { user_ids: users.map(Number), group_ids: groups.map(Number) });
    }
    return settingsOf(tx, ctx, appId);
  });
}
