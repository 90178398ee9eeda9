import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blurValue,
  editorSettings,
  jsonOrUndefined,
  parseJsonInput,
  problemPlace,
  schemaProblems,
} from './json-editor-rules';

describe('JSON editor rules (spec 2 §4.3, §5)', () => {
  it('unparseable input becomes an empty object; parseable input is kept as it is', () => {
    expect(parseJsonInput('{"a": 1')).toEqual({});
    expect(parseJsonInput('')).toEqual({});
    expect(parseJsonInput('not json')).toEqual({});
    expect(parseJsonInput('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(parseJsonInput('[]')).toEqual([]);
    expect(parseJsonInput('null')).toBeNull();
    expect(jsonOrUndefined('{"a"')).toBeUndefined();
    expect(jsonOrUndefined('{"a": 1}')).toEqual({ a: 1 });
    expect(jsonOrUndefined('  ')).toEqual({});
  });

  it('on blur an empty object is an empty string, anything else its serialized JSON', () => {
    expect(blurValue({})).toBe('');
    expect(blurValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(JSON.parse(blurValue({ a: { b: [true] } }))).toEqual({ a: { b: [true] } });
    // Only an empty object is "empty": an empty list or null are values of their own.
    expect(blurValue([])).toBe('[]');
    expect(blurValue(null)).toBe('null');
  });

  it('a schema validator reports every error with its path, not only the first', () => {
    const schema = z.object({
      name: z.string(),
      items: z.array(z.object({ id: z.number() })),
    });
    const problems = schemaProblems(schema, { name: 3, items: [{ id: 1 }, { id: 'x' }, {}] });
    expect(problems.map((p) => problemPlace(p.path))).toEqual(['name', 'items.1.id', 'items.2.id']);
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
    expect(schemaProblems(schema, { name: 'a', items: [] })).toEqual([]);
    expect(problemPlace([])).toBe('(root)');
  });

  it('view-only when disabled, otherwise code (text), tree or view (read-only tree)', () => {
    expect(editorSettings('code', false)).toEqual({ text: true, readOnly: false });
    expect(editorSettings('tree', false)).toEqual({ text: false, readOnly: false });
    expect(editorSettings('view', false)).toEqual({ text: false, readOnly: true });
    expect(editorSettings('code', true)).toEqual({ text: false, readOnly: true });
  });
});
