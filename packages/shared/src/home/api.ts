import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';
import { HOME_USE_CASES } from './config.js';

// Issue 16: the home page's HTTP contract. Each section pages on the server.
export const HOME_PATHS = {
  home: '/api/v1/home/',
  following: '/api/v1/home/following/',
  requested: '/api/v1/home/requested/',
  shortcutParents: (index: number) => `/api/v1/home/shortcuts/${index}/parents/`,
  adminConfig: '/api/v1/admin/home-page-config/',
} as const;

export const HOME_SECTION_PAGE_SIZE = 5;

const Id = z.number().int();
const NamedKind = z.object({ id: Id, name: text(), tag: text() });

export const HomeShortcutSchema = z.object({
  index: Id,
  use_case: z.enum(HOME_USE_CASES),
  kind: NamedKind,
  step_tag: text(),
  field_tag: text().nullable(),
  title: text().nullable(),
  description: text().nullable(),
  // The kind the create button starts, when it is a published kind of the tenant.
  creation_kind: NamedKind.nullable(),
  allowed_status_ids: z.array(Id),
  create_button_label: text().nullable(),
  status_filtering_fallback_message: text().nullable(),
});
export type HomeShortcut = z.infer<typeof HomeShortcutSchema>;

export const HomeSchema = z.object({
  shortcuts: z.array(HomeShortcutSchema),
  // The process_shortcuts kinds the tenant has, in the configured order.
  process_shortcuts: z.array(NamedKind),
  my_process_report: Id.nullable(),
  create_new_message: text().nullable(),
});
export type Home = z.infer<typeof HomeSchema>;

// One workflow of a section (following, requested by you, a shortcut's parents).
export const HomeWorkflowSchema = z.object({
  id: Id,
  name: text(),
  kind: z.object({ id: Id, name: text() }),
  status: z.object({ id: Id, display_name: text(), color_code: text() }),
  progress: z.number(),
  created_at: text(),
  updated_at: text(),
});
export type HomeWorkflow = z.infer<typeof HomeWorkflowSchema>;
export const HomeWorkflowsPageSchema = pageOf(HomeWorkflowSchema);
export type HomeWorkflowsPage = z.infer<typeof HomeWorkflowsPageSchema>;

// GET admin/home-page-config/: the configuration as stored, even one the home page ignores as
// invalid (spec 2 §5), so that an administrator sees it and can mend it; null when none is set.
export const StoredHomePageConfigSchema = z.object({ config: z.unknown() });
export type StoredHomePageConfig = z.infer<typeof StoredHomePageConfigSchema>;

export const HomeSectionQuerySchema = PageQuerySchema;
export const ShortcutParentsQuerySchema = PageQuerySchema.extend({
  // A word of the workflow's name, for the parent picker.
  q: text().trim().max(200).optional(),
});
export const ShortcutParamsSchema = z.object({ index: z.coerce.number().int().min(0).max(1000) });
