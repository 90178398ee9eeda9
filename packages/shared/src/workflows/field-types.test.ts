import { describe, expect, it } from 'vitest';
import {
  DISPLAY_ONLY_FIELD_TYPES,
  FIELD_TYPES,
  isAnswerable,
  REPORT_FIELD_TYPE_GROUPS,
  reportGroupOf,
  TABLE_COLUMN_FIELD_TYPES,
} from './field-types.js';

describe('field types', () => {
  it('lists every non-integration type of spec 2 §3.1 once', () => {
    expect(new Set(FIELD_TYPES).size).toBe(FIELD_TYPES.length);
    expect(FIELD_TYPES).not.toContain('integration');
    for (const type of [
      'char_field',
      'cascader',
      'child_workflow',
      'badge_tags',
      'country_multi_select',
    ] as const) {
      expect(FIELD_TYPES).toContain(type);
    }
  });

  it('takes no answer for display-only types', () => {
    for (const type of DISPLAY_ONLY_FIELD_TYPES) expect(isAnswerable(type)).toBe(false);
    expect(isAnswerable('text')).toBe(true);
    expect(isAnswerable('file')).toBe(true);
  });

  it('puts each report type in exactly one group', () => {
    const grouped = Object.values(REPORT_FIELD_TYPE_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(reportGroupOf('currency')).toBe('numeric');
    expect(reportGroupOf('region')).toBe('choice');
    expect(reportGroupOf('naive_date')).toBe('date');
    expect(reportGroupOf('text')).toBeUndefined();
  });

  it('allows only answerable plain types as table columns', () => {
    for (const type of TABLE_COLUMN_FIELD_TYPES) expect(isAnswerable(type)).toBe(true);
    expect(TABLE_COLUMN_FIELD_TYPES).not.toContain('table');
  });
});
