import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStrictObjectSchema } from './strict-body.js';

describe('isStrictObjectSchema', () => {
  it('tells strict object schemas from loose ones', () => {
    expect(isStrictObjectSchema(z.object({ a: z.string() }).strict())).toBe(true);
    expect(isStrictObjectSchema(z.strictObject({ a: z.string() }).extend({ b: z.number() }))).toBe(true);
    expect(isStrictObjectSchema(z.object({ a: z.string() }))).toBe(false);
    expect(isStrictObjectSchema(z.looseObject({ a: z.string() }))).toBe(false);
    expect(isStrictObjectSchema(z.string())).toBe(false);
    expect(isStrictObjectSchema(undefined)).toBe(false);
  });
});
