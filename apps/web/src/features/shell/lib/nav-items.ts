import { USER_KIND, type User } from '@attest/shared';
import type { Can } from './shell-types';

export type NavItemId = 'home' | 'workflows' | 'tasks' | 'reports' | 'records' | 'search';
export type NavItem = { id: NavItemId; to: string | null };

export const NAV_PATHS = {
  home: '/home',
  workflows: '/workflows/instances',
  tasks: '/tasks',
  reports: '/dashboards',
  // Each record type has its own list: the entry opens a menu of them (records' RecordsNavMenu).
  records: '/records/',
} as const;

// Spec 2 §9.2: a badge caps its number as N+.
export const TASK_BADGE_OVERFLOW = 99;

export function badgeText(count: number, overflow = TASK_BADGE_OVERFLOW): string {
  return count > overflow ? `${overflow}+` : String(count);
}

// Issue 16: Home, Workflows, Tasks, Reports and Search, each only for people who may use it (the
// routes require the same permissions). Supplier users come to do their tasks: Tasks leads.
export function navItems(user: Pick<User, 'kind'>, can: Can): NavItem[] {
  const items: NavItem[] = [{ id: 'home', to: NAV_PATHS.home }];
  if (can('can_view_dashboard')) items.push({ id: 'workflows', to: NAV_PATHS.workflows });
  if (can('can_view_tasks')) {
    const tasks: NavItem = { id: 'tasks', to: NAV_PATHS.tasks };
    if (user.kind === USER_KIND.supplier) items.unshift(tasks);
    else items.push(tasks);
  }
  if (can('can_view_process_report')) items.push({ id: 'reports', to: NAV_PATHS.reports });
  // Issue 18: the records area (its types, the imports into them and batch updates), for people who
  // may view records or the import pipeline, or make batch updates; the menu offers each only with
  // its own permission.
  if (can('can_view_records') || can('can_view_import_pipeline') || can('can_perform_batch_import'))
    items.push({ id: 'records', to: NAV_PATHS.records });
  // Search opens the palette: it has no page of its own to link to here.
  items.push({ id: 'search', to: null });
  return items;
}
