import { describe, expect, it } from 'vitest';
import { HOME_SHORTCUT_MESSAGES, HomePageConfigSchema, HomeShortcutConfigSchema } from './config.js';
import { convertHomePageConfig } from './convert.js';

const navigate = {
  kind_tag: 'supplier_onboarding',
  step_tag: 'supplier_onboarding__intake__details',
  ui: { title: 'Finish intake', description: 'Open the intake step' },
  use_case: 'navigate_to_parent_step',
};

const create = {
  kind_tag: 'supplier_onboarding',
  step_tag: 'supplier_onboarding__due_diligence__risk',
  field_tag: 'supplier_onboarding__due_diligence__risk__risk_assessments',
  ui: { title: 'Assess a risk', description: 'Start a risk assessment' },
  use_case: 'create_new_workflow',
  workflow_mapping_config: {
    supplier_onboarding: {
      creation_kind_tag: 'risk_assessment',
      allowed_status_ids: [3, 4],
      ui: { create_button_label: 'Start assessment', status_filtering_fallback_message: 'None in review' },
    },
  },
};

function messages(value: unknown): string[] {
  const parsed = HomeShortcutConfigSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('shortcut schema (spec 2 §5)', () => {
  it('accepts both use cases', () => {
    expect(messages(navigate)).toEqual([]);
    expect(messages(create)).toEqual([]);
  });

  it('requires the fallback message when allowed_status_ids has values, with the exact message', () => {
    const mapping = { allowed_status_ids: [1], ui: {} };
    expect(messages({ ...navigate, workflow_mapping_config: { x: mapping } })).toEqual([
      'status_filtering_fallback_message is required when allowed_status_ids is provided with values',
    ]);
    // A blank message is no message.
    const blank = { allowed_status_ids: [1], ui: { status_filtering_fallback_message: '  ' } };
    expect(messages({ ...navigate, workflow_mapping_config: { x: blank } })).toEqual([
      HOME_SHORTCUT_MESSAGES.fallbackRequired,
    ]);
    // An empty list asks for nothing.
    expect(messages({ ...navigate, workflow_mapping_config: { x: { allowed_status_ids: [] } } })).toEqual([]);
  });

  it('requires the button label when creation_kind_tag is given, with the exact message', () => {
    const mapping = { creation_kind_tag: 'risk_assessment' };
    expect(messages({ ...navigate, workflow_mapping_config: { x: mapping } })).toEqual([
      'create_button_label is required when creation_kind_tag is provided',
    ]);
  });

  it('reports both messages at once', () => {
    const mapping = { creation_kind_tag: 'risk_assessment', allowed_status_ids: [2] };
    expect(messages({ ...navigate, workflow_mapping_config: { x: mapping } }).sort()).toEqual(
      [HOME_SHORTCUT_MESSAGES.buttonLabelRequired, HOME_SHORTCUT_MESSAGES.fallbackRequired].sort(),
    );
  });

  it('takes use_case as one of the two literals only', () => {
    expect(messages({ ...navigate, use_case: 'open_report' })).toHaveLength(1);
    expect(messages({ ...navigate, use_case: undefined })).toHaveLength(1);
  });

  it('requires field_tag for create_new_workflow', () => {
    const { field_tag: _, ...withoutField } = create;
    expect(messages(withoutField)).toEqual([HOME_SHORTCUT_MESSAGES.fieldTagRequired]);
  });

  it('refuses unknown top-level keys when an administrator sets the configuration', () => {
    expect(HomePageConfigSchema.safeParse({ child_workflow_shortcut_config: [create] }).success).toBe(true);
    expect(HomePageConfigSchema.safeParse({ shortcuts: [] }).success).toBe(false);
  });
});

describe('convertHomePageConfig (spec 2 §5)', () => {
  it('converts a valid configuration, resolving the mapping of the kind the shortcut starts from', () => {
    const { config, problems } = convertHomePageConfig({
      child_workflow_shortcut_config: [create, navigate],
      process_shortcuts: ['supplier_onboarding'],
      my_process_report: 7,
      create_new_message: ' Start here ',
    });
    expect(problems).toEqual([]);
    expect(config.create_new_message).toBe('Start here');
    expect(config.my_process_report).toBe(7);
    expect(config.process_shortcuts).toEqual(['supplier_onboarding']);
    expect(config.shortcuts[0]).toMatchObject({
      index: 0,
      use_case: 'create_new_workflow',
      field_tag: create.field_tag,
      creation_kind_tag: 'risk_assessment',
      allowed_status_ids: [3, 4],
      create_button_label: 'Start assessment',
      status_filtering_fallback_message: 'None in review',
    });
    expect(config.shortcuts[1]).toMatchObject({
      index: 1,
      use_case: 'navigate_to_parent_step',
      field_tag: null,
    });
  });

  it('skips a single shortcut that fails, keeping the others and their positions', () => {
    const broken = {
      ...create,
      workflow_mapping_config: { supplier_onboarding: { creation_kind_tag: 'x' } },
    };
    const { config, problems } = convertHomePageConfig({
      child_workflow_shortcut_config: [broken, navigate],
    });
    expect(config.shortcuts.map((s) => s.index)).toEqual([1]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(HOME_SHORTCUT_MESSAGES.buttonLabelRequired);
    expect(problems[0]).toContain('child_workflow_shortcut_config.0');
  });

  it('ignores an invalid configuration as a whole and reports why', () => {
    for (const raw of [
      'text',
      42,
      [],
      { my_process_report: 'seven' },
      { child_workflow_shortcut_config: {} },
    ]) {
      const { config, problems } = convertHomePageConfig(raw);
      expect(config.shortcuts).toEqual([]);
      expect(config.my_process_report).toBeNull();
      expect(problems).toHaveLength(1);
    }
  });

  it('treats nothing stored as an empty configuration without problems', () => {
    expect(convertHomePageConfig(undefined).problems).toEqual([]);
    expect(convertHomePageConfig(null).config.shortcuts).toEqual([]);
  });

  it('drops empty or whitespace-only titles and descriptions', () => {
    const blank = { ...navigate, ui: { title: '   ', description: '' } };
    const { config, problems } = convertHomePageConfig({ child_workflow_shortcut_config: [blank] });
    expect(problems).toEqual([]);
    expect(config.shortcuts[0]).toMatchObject({ title: null, description: null });
    const { config: other } = convertHomePageConfig({
      child_workflow_shortcut_config: [{ ...navigate, ui: {} }],
    });
    expect(other.shortcuts[0]).toMatchObject({ title: null, description: null });
  });
});
