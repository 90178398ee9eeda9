import { describe, expect, it } from 'vitest';
import { isValidStepTag, STEP_TAG_MIN_SEGMENTS, STEP_TAG_SEPARATOR } from './step-tag.js';

describe('isValidStepTag', () => {
  it('uses a double underscore and needs 3 segments', () => {
    expect(STEP_TAG_SEPARATOR).toBe('__');
    expect(STEP_TAG_MIN_SEGMENTS).toBe(3);
  });

  it.each([
    'step__approval__name',
    'step__approval__cycle_time',
    '12__step__approval__status',
    'a__b__c',
    'a__b__c__d__e',
  ])('accepts %s', (tag) => {
    expect(isValidStepTag(tag)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['one segment', 'step'],
    ['two segments', 'step__approval'],
    ['single underscores are not separators', 'step_approval_name'],
    ['empty middle segment', 'step____name'],
    ['empty leading segment', '__step__approval'],
    ['empty trailing segment', 'step__approval__'],
    ['separators only', '____'],
  ])('rejects %s', (_case, tag) => {
    expect(isValidStepTag(tag)).toBe(false);
  });
});
