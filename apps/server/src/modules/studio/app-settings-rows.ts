import type { StudioAppListItem, StudioAppSettings } from '@attest/shared';
import type { AppCard } from './app-settings.repository.js';
import { toApp } from './studio-rows.js';

// The app list's card and the settings page's answer, from their rows (ids as numbers).
export function toAppListItem(
  row: Parameters<typeof toApp>[0],
  card: AppCard | undefined,
): StudioAppListItem {
  const latest = card?.latestVersion ?? null;
  return {
    ...toApp(row),
    latest_version: latest && { ...latest, id: Number(latest.id) },
    environments: card?.environments ?? [],
    branch_count: card?.branchCount ?? 0,
  };
}

type EditorUserRow = { id: string; email: string; first_name: string; last_name: string };
type EditorGroupRow = { id: string; name: string };

export function toSettings(
  app: Parameters<typeof toApp>[0],
  users: EditorUserRow[],
  groups: EditorGroupRow[],
  canEdit: boolean,
): StudioAppSettings {
  return {
    app: toApp(app),
    editors: {
      users: users.map((u) => ({
        id: Number(u.id),
        name: `${u.first_name} ${u.last_name}`.trim() || u.email,
        email: u.email,
      })),
      groups: groups.map((g) => ({ id: Number(g.id), name: g.name })),
    },
    can_edit: canEdit,
  };
}
