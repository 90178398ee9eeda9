import { HomePageConfigSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import {
  problemField,
  shortcutFormOf,
  topFormOf,
  withShortcutAdded,
  withShortcutChange,
  withShortcutRemoved,
  withTopChange,
} from './shortcut-form';

const config = {
  create_new_message: 'Pick one',
  child_workflow_shortcut_config: [
    {
      kind_tag: 'vendor_check',
      step_tag: 'review',
      field_tag: 'sub_checks',
      use_case: 'create_new_workflow',
      ui: { title: 'Add a sub-check' },
      workflow_mapping_config: {
        vendor_check: {
          creation_kind_tag: 'sub_check',
          allowed_status_ids: [3],
          ui: { create_button_label: 'Start', status_filtering_fallback_message: 'None in review' },
        },
      },
      kept_unknown_key: true,
    },
  ],
};

describe('the shortcuts form view over the JSON (spec 2 §3.9)', () => {
  it('reads a shortcut, its mapping under its kind included', () => {
    expect(shortcutFormOf(config.child_workflow_shortcut_config[0])).toEqual({
      title: 'Add a sub-check',
      description: '',
      use_case: 'create_new_workflow',
      kind_tag: 'vendor_check',
      step_tag: 'review',
      field_tag: 'sub_checks',
      start_from_kind_tag: '',
      creation_kind_tag: 'sub_check',
      allowed_status_ids: ['3'],
      create_button_label: 'Start',
      status_filtering_fallback_message: 'None in review',
    });
    expect(shortcutFormOf('not an object').use_case).toBe('');
  });

  it('writes a field back into the JSON, keeping what the form does not know', () => {
    const next = withShortcutChange(config, 0, 'title', 'New title');
    expect(next.child_workflow_shortcut_config).toEqual([
      { ...config.child_workflow_shortcut_config[0], ui: { title: 'New title' } },
    ]);
    expect(next.create_new_message).toBe('Pick one');
    const ids = withShortcutChange(config, 0, 'allowed_status_ids', ['4', 'x', '4', '7']);
    expect(shortcutFormOf((ids.child_workflow_shortcut_config as unknown[])[0]).allowed_status_ids).toEqual([
      '4',
      '7',
    ]);
  });

  it('an emptied field leaves the JSON, so the §5 rules speak about it', () => {
    const next = withShortcutChange(config, 0, 'status_filtering_fallback_message', '');
    const problems = HomePageConfigSchema.safeParse(next).error?.issues.map((i) => i.message);
    expect(problems).toEqual([
      'status_filtering_fallback_message is required when allowed_status_ids is provided with values',
    ]);
    const noLabel = withShortcutChange(config, 0, 'create_button_label', '');
    expect(HomePageConfigSchema.safeParse(noLabel).error?.issues.map((i) => i.message)).toEqual([
      'create_button_label is required when creation_kind_tag is provided',
    ]);
  });

  it('renaming the kind moves its mapping along', () => {
    const next = withShortcutChange(config, 0, 'start_from_kind_tag', 'parent_kind');
    const form = shortcutFormOf((next.child_workflow_shortcut_config as unknown[])[0]);
    expect(form.creation_kind_tag).toBe('sub_check');
    expect(form.start_from_kind_tag).toBe('parent_kind');
  });

  it('adds and removes shortcuts, and edits the page-wide fields', () => {
    const added = withShortcutAdded(config);
    expect((added.child_workflow_shortcut_config as unknown[]).length).toBe(2);
    expect(withShortcutRemoved(added, 1)).toEqual(config);
    expect(withShortcutRemoved(config, 0)).toEqual({ create_new_message: 'Pick one' });
    expect(topFormOf(withTopChange(config, 'my_process_report', 5)).my_process_report).toBe(5);
    expect(withTopChange(config, 'create_new_message', '')).not.toHaveProperty('create_new_message');
    expect(topFormOf({}).process_shortcuts).toEqual([]);
  });
});

describe('problems at form fields', () => {
  it('finds the shortcut and field a problem path names', () => {
    const path = ['child_workflow_shortcut_config', '2', 'workflow_mapping_config', 'vendor_check', 'ui'];
    expect(problemField([...path, 'create_button_label'])).toEqual({
      index: 2,
      field: 'create_button_label',
    });
    expect(problemField(['child_workflow_shortcut_config', '0', 'allowed_status_ids', '1'])).toEqual({
      index: 0,
      field: 'allowed_status_ids',
    });
    expect(problemField(['create_new_message'])).toBeNull();
  });
});
