import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { TAG_MAX_LENGTH } from '../workflows/tags.js';

// Spec 2 §3.9: the home page configuration, kept in the tenant's custom UI labels as
// c2_home_page_config. Spec 2 §5: the shortcut configuration must match this schema, with these
// exact messages.
export const HOME_CONFIG_KEY = 'c2_home_page_config';

export const HOME_SHORTCUT_MESSAGES = {
  fallbackRequired:
    'status_filtering_fallback_message is required when allowed_status_ids is provided with values',
  buttonLabelRequired: 'create_button_label is required when creation_kind_tag is provided',
  fieldTagRequired: 'field_tag is required when use_case is create_new_workflow',
} as const;

export const HOME_USE_CASES = ['create_new_workflow', 'navigate_to_parent_step'] as const;
export type HomeUseCase = (typeof HOME_USE_CASES)[number];

export const MAX_HOME_SHORTCUTS = 50;
export const MAX_HOME_PROCESS_SHORTCUTS = 50;
const MAX_MAPPINGS = 20;
const MAX_ALLOWED_STATUSES = 100;
const TITLE_MAX = 200;
const MESSAGE_MAX = 1000;

const Tag = text().min(1).max(TAG_MAX_LENGTH);
const Label = (max: number) => text().max(max);

// One entry of workflow_mapping_config. Its key names the kind whose workflows the shortcut starts
// from (start_from_kind_tag, else kind_tag); other keys are kept but unused.
export const WorkflowMappingSchema = z
  .object({
    creation_kind_tag: Tag.optional(),
    allowed_status_ids: z.array(z.number().int().min(1)).max(MAX_ALLOWED_STATUSES).optional(),
    ui: z
      .object({
        create_button_label: Label(TITLE_MAX).optional(),
        status_filtering_fallback_message: Label(MESSAGE_MAX).optional(),
      })
      .optional(),
  })
  .superRefine((mapping, ctx) => {
    const blank = (value: string | undefined) => value === undefined || value.trim() === '';
    if ((mapping.allowed_status_ids?.length ?? 0) > 0 && blank(mapping.ui?.status_filtering_fallback_message))
      ctx.addIssue({
        code: 'custom',
        path: ['ui', 'status_filtering_fallback_message'],
        message: HOME_SHORTCUT_MESSAGES.fallbackRequired,
      });
    if (mapping.creation_kind_tag !== undefined && blank(mapping.ui?.create_button_label))
      ctx.addIssue({
        code: 'custom',
        path: ['ui', 'create_button_label'],
        message: HOME_SHORTCUT_MESSAGES.buttonLabelRequired,
      });
  });
export type WorkflowMapping = z.infer<typeof WorkflowMappingSchema>;

export const HomeShortcutConfigSchema = z
  .object({
    kind_tag: Tag,
    step_tag: Tag,
    start_from_kind_tag: Tag.optional(),
    // Empty or blank ones are dropped when converted (spec 2 §5), not refused.
    ui: z
      .object({ title: Label(TITLE_MAX).optional(), description: Label(MESSAGE_MAX).optional() })
      .optional(),
    workflow_mapping_config: z
      .record(Tag, WorkflowMappingSchema)
      .refine((r) => Object.keys(r).length <= MAX_MAPPINGS, { message: `At most ${MAX_MAPPINGS} mappings.` })
      .optional(),
    use_case: z.enum(HOME_USE_CASES),
    field_tag: Tag.optional(),
  })
  .superRefine((shortcut, ctx) => {
    if (shortcut.use_case === 'create_new_workflow' && shortcut.field_tag === undefined)
      ctx.addIssue({ code: 'custom', path: ['field_tag'], message: HOME_SHORTCUT_MESSAGES.fieldTagRequired });
  });
export type HomeShortcutConfig = z.infer<typeof HomeShortcutConfigSchema>;

// The whole configuration as an administrator sets it (PUT admin/home-page-config/): every problem
// is reported at once. Reading a stored one is kinder (convert.ts): a bad shortcut is skipped.
export const HomePageConfigSchema = z
  .object({
    child_workflow_shortcut_config: z.array(HomeShortcutConfigSchema).max(MAX_HOME_SHORTCUTS).optional(),
    // Kind tags offered first under "Start a workflow", in this order.
    process_shortcuts: z.array(Tag).max(MAX_HOME_PROCESS_SHORTCUTS).optional(),
    // The report shown as "My process report".
    my_process_report: z.number().int().min(1).nullable().optional(),
    // Shown above "Start a workflow".
    create_new_message: Label(MESSAGE_MAX).nullable().optional(),
  })
  .strict();
export type HomePageConfig = z.infer<typeof HomePageConfigSchema>;

// The stored configuration's frame, read before each shortcut is converted on its own.
export const HomePageConfigFrameSchema = HomePageConfigSchema.extend({
  child_workflow_shortcut_config: z.array(z.unknown()).max(MAX_HOME_SHORTCUTS).optional(),
}).strip();
