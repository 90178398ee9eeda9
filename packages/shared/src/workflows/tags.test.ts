import { describe, expect, it } from 'vitest';
import {
  isValidDefinitionStepTag,
  isValidFieldTag,
  isValidGroupTag,
  isValidTagSegment,
  joinTag,
  stepTagOfField,
} from './tags.js';

describe('workflow tags', () => {
  it.each(['draft', 'in_review', 'step2', 'a'])('accepts the segment %s', (segment) => {
    expect(isValidTagSegment(segment)).toBe(true);
  });

  it.each(['', 'In_review', '2step', 'a__b', '_a', 'a_', 'a-b', 'x'.repeat(41)])(
    'rejects the segment %j',
    (segment) => {
      expect(isValidTagSegment(segment)).toBe(false);
    },
  );

  it('nests kind, group, step and field tags one segment per level', () => {
    const group = joinTag('supplier', 'intake');
    const step = joinTag(group, 'details');
    const field = joinTag(step, 'website');
    expect(isValidGroupTag(group, 'supplier')).toBe(true);
    expect(isValidDefinitionStepTag(step, group)).toBe(true);
    expect(isValidFieldTag(field, step)).toBe(true);
    expect(stepTagOfField(field)).toBe(step);
  });

  it('refuses a tag under the wrong parent or with the wrong depth', () => {
    expect(isValidGroupTag('other__intake', 'supplier')).toBe(false);
    expect(isValidGroupTag('supplier__intake__x', 'supplier')).toBe(false);
    expect(isValidDefinitionStepTag('supplier__intake', 'supplier__intake')).toBe(false);
    expect(isValidDefinitionStepTag('supplier__review__a', 'supplier__intake')).toBe(false);
    expect(isValidFieldTag('supplier__intake__details__web__x', 'supplier__intake__details')).toBe(false);
    expect(isValidFieldTag('supplier__intake__details__Web', 'supplier__intake__details')).toBe(false);
  });
});
