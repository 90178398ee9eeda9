import type { z } from 'zod';
import {
  HomePageConfigFrameSchema,
  type HomeShortcutConfig,
  HomeShortcutConfigSchema,
  type HomeUseCase,
} from './config.js';

// A shortcut as the home page uses it: blank texts dropped, its mapping resolved.
export type HomeShortcutView = {
  // Its position in the stored list: the server's parent-candidates path names it.
  index: number;
  use_case: HomeUseCase;
  kind_tag: string;
  step_tag: string;
  field_tag: string | null;
  start_from_kind_tag: string | null;
  title: string | null;
  description: string | null;
  creation_kind_tag: string | null;
  allowed_status_ids: number[];
  create_button_label: string | null;
  status_filtering_fallback_message: string | null;
};

export type ConvertedHomeConfig = {
  shortcuts: HomeShortcutView[];
  process_shortcuts: string[];
  my_process_report: number | null;
  create_new_message: string | null;
};

export type HomeConfigConversion = { config: ConvertedHomeConfig; problems: string[] };

export const EMPTY_HOME_CONFIG: ConvertedHomeConfig = {
  shortcuts: [],
  process_shortcuts: [],
  my_process_report: null,
  create_new_message: null,
};

// Spec 2 §5: empty or whitespace-only titles and descriptions are dropped.
function kept(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function describe(where: string, error: z.ZodError): string {
  const issues = error.issues.map((i) => `${[where, ...i.path.map(String)].join('.')}: ${i.message}`);
  return issues.join('; ');
}

function toView(shortcut: HomeShortcutConfig, index: number): HomeShortcutView {
  const mappingKey = shortcut.start_from_kind_tag ?? shortcut.kind_tag;
  const mapping = shortcut.workflow_mapping_config?.[mappingKey];
  return {
    index,
    use_case: shortcut.use_case,
    kind_tag: shortcut.kind_tag,
    step_tag: shortcut.step_tag,
    field_tag: shortcut.field_tag ?? null,
    start_from_kind_tag: shortcut.start_from_kind_tag ?? null,
    title: kept(shortcut.ui?.title),
    description: kept(shortcut.ui?.description),
    creation_kind_tag: mapping?.creation_kind_tag ?? null,
    allowed_status_ids: mapping?.allowed_status_ids ?? [],
    create_button_label: kept(mapping?.ui?.create_button_label),
    status_filtering_fallback_message: kept(mapping?.ui?.status_filtering_fallback_message),
  };
}

// Spec 2 §5: an invalid configuration is ignored (the caller logs the problems); a single shortcut
// that fails to convert is skipped and the others are kept. Nothing stored means nothing to show.
export function convertHomePageConfig(raw: unknown): HomeConfigConversion {
  if (raw === undefined || raw === null) return { config: EMPTY_HOME_CONFIG, problems: [] };
  const frame = HomePageConfigFrameSchema.safeParse(raw);
  if (!frame.success)
    return { config: EMPTY_HOME_CONFIG, problems: [describe('c2_home_page_config', frame.error)] };
  const problems: string[] = [];
  const shortcuts: HomeShortcutView[] = [];
  (frame.data.child_workflow_shortcut_config ?? []).forEach((candidate, index) => {
    const parsed = HomeShortcutConfigSchema.safeParse(candidate);
    if (parsed.success) shortcuts.push(toView(parsed.data, index));
    else problems.push(describe(`child_workflow_shortcut_config.${index}`, parsed.error));
  });
  return {
    config: {
      shortcuts,
      process_shortcuts: frame.data.process_shortcuts ?? [],
      my_process_report: frame.data.my_process_report ?? null,
      create_new_message: kept(frame.data.create_new_message),
    },
    problems,
  };
}
