import {
  STUDIO_APP_NAME_MAX_LENGTH,
  STUDIO_DESCRIPTION_MAX_LENGTH,
  STUDIO_ICON_MAX_LENGTH,
  type StudioAppSettings,
  type UpdateStudioAppRequest,
} from '@attest/shared';

export type SettingsValues = {
  name: string;
  icon: string;
  description: string;
  userIds: number[];
  groupIds: number[];
};

// Field keys as the form shows them: the server's field-error paths map onto them.
export type SettingsField = 'name' | 'icon' | 'description' | 'users' | 'groups' | 'form';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export function valuesOf(settings: StudioAppSettings): SettingsValues {
  return {
    name: settings.app.name,
    icon: settings.app.icon ?? '',
    description: settings.app.description,
    userIds: settings.editors.users.map((u) => u.id),
    groupIds: settings.editors.groups.map((g) => g.id),
  };
}

// The checks the server makes (UpdateStudioAppRequestSchema's bounds), as translation keys with
// their values, so a mistake shows next to its field before anything is sent.
export function checkValues(
  values: SettingsValues,
): Partial<Record<SettingsField, [string, Record<string, number>?]>> {
  const problems: Partial<Record<SettingsField, [string, Record<string, number>?]>> = {};
  if (values.name.trim() === '') problems.name = ['studioPages.settings.errors.nameRequired'];
  else if (values.name.trim().length > STUDIO_APP_NAME_MAX_LENGTH)
    problems.name = ['studioPages.settings.errors.tooLong', { max: STUDIO_APP_NAME_MAX_LENGTH }];
  if (values.icon.trim().length > STUDIO_ICON_MAX_LENGTH)
    problems.icon = ['studioPages.settings.errors.tooLong', { max: STUDIO_ICON_MAX_LENGTH }];
  if (values.description.trim().length > STUDIO_DESCRIPTION_MAX_LENGTH)
    problems.description = ['studioPages.settings.errors.tooLong', { max: STUDIO_DESCRIPTION_MAX_LENGTH }];
  return problems;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

// Only what changed is sent; null when nothing did.
export function changesOf(before: SettingsValues, after: SettingsValues): UpdateStudioAppRequest | null {
  const body: UpdateStudioAppRequest = {};
  if (after.name.trim() !== before.name) body.name = after.name.trim();
  if (after.icon.trim() !== before.icon) body.icon = after.icon.trim() || null;
  if (after.description.trim() !== before.description) body.description = after.description.trim();
  if (!sameIds(before.userIds, after.userIds) || !sameIds(before.groupIds, after.groupIds))
    body.editors = { user_ids: after.userIds, group_ids: after.groupIds };
  return Object.keys(body).length > 0 ? body : null;
}

// The server's field errors (`name`, `editors.user_ids.0`, ...) by the form's fields.
export function serverErrors(
  fieldErrors: Record<string, string[]> | undefined,
  detail: string,
): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages.join(' ');
    const field: SettingsField = path.startsWith('editors.user_ids')
      ? 'users'
      : path.startsWith('editors.group_ids')
        ? 'groups'
        : path === 'name' || path === 'icon' || path === 'description'
          ? path
          : 'form';
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  }
  if (Object.keys(errors).length === 0) errors.form = detail;
  return errors;
}
