import { describe, expect, it } from 'vitest';
import { ConditionGroupSchema } from '../filters/condition-group.js';
import { ReportConfigSchema, ReportFilterGroupSchema, ReportOperationSchema } from '../reports/config.js';
import { ConditionSchema } from '../workflows/conditions.js';
import { CascaderOptionSchema } from '../workflows/field-schema.js';
import { nestsDeeperThan } from './nesting.js';

// Builds a value `depth` levels deep without recursion.
function nest(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 1; level < depth; level++) value = wrap(value);
  return value;
}

const DEEP = 10_000;
const column = { type: 'column', value: 'workflow__id' };
const operation = (inner: unknown) => ({ function: 'count', arguments: [inner] });
const filterGroup = (inner: unknown) => ({ type: 'AND', conditions: [inner] });

describe('nestsDeeperThan', () => {
  it('counts the root as level 1 and follows objects and arrays', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 2)).toBe(true);
  });

  it('measures a 100,000-deep value without overflowing the stack', () => {
    expect(
      nestsDeeperThan(
        nest(100_000, (inner) => [inner], 1),
        32,
      ),
    ).toBe(true);
  });
});

// Issue 12: a 500-deep report took 27 s to refuse and 1,000 deep overflowed the stack. Each
// recursive schema now measures the raw value first, so even a direct parse is quick.
describe('recursive schemas refuse a 10,000-deep value quickly, with their message', () => {
  const cases: [string, () => { success: boolean; error?: { issues: { message: string }[] } }, string][] = [
    [
      'report operations',
      () => ReportOperationSchema.safeParse(nest(DEEP, operation, column)),
      'Operations nest at most 3 deep.',
    ],
    [
      'report filters',
      () => ReportFilterGroupSchema.safeParse(nest(DEEP, filterGroup, { type: 'AND', conditions: [] })),
      'Filters nest at most 5 deep.',
    ],
    [
      'a whole report configuration',
      () =>
        ReportConfigSchema.safeParse({
          operations: [nest(DEEP, operation, column)],
          filters: nest(DEEP, filterGroup, { type: 'AND', conditions: [] }),
        }),
      'Operations nest at most 3 deep.',
    ],
    [
      'dashboard filter groups',
      () =>
        ConditionGroupSchema.safeParse(
          nest(DEEP, (inner) => ({ compareType: 'AND', groups: [inner] }), { compareType: 'OR' }),
        ),
      'Filter groups nest at most 5 deep.',
    ],
    [
      'workflow conditions',
      () =>
        ConditionSchema.safeParse(nest(DEEP, (inner) => ({ all: [inner] }), { field: 'a', op: 'is_empty' })),
      'A condition may nest at most 4 levels deep.',
    ],
    [
      'cascader options',
      () =>
        CascaderOptionSchema.safeParse(
          nest(DEEP, (inner) => ({ value: 'v', label: 'L', children: [inner] }), { value: 'v', label: 'L' }),
        ),
      'Cascader options nest at most 5 levels.',
    ],
  ];

  it.each(cases)('%s', (_name, parse, message) => {
    const started = performance.now();
    const result = parse();
    // A generous bound: before the fix this took tens of seconds or overflowed the stack.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('still accepts operations exactly at the limit and refuses one level more', () => {
    expect(ReportOperationSchema.safeParse(nest(3, operation, operation(column))).success).toBe(true);
    const tooDeep = ReportOperationSchema.safeParse(nest(4, operation, operation(column)));
    expect(tooDeep.error?.issues.map((issue) => issue.message)).toContain('Operations nest at most 3 deep.');
  });
});
