import { MAX_JSON_DEPTH } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('accepts nesting exactly at the limit and refuses one level more', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'say "[[[[" \\ {{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(['\\', '[[[', '\\"[[']), 1)).toBe(false);
    // A bracket right after an escaped backslash is outside the string again.
    expect(jsonNestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
  });

  it('scans a 100,000-deep text without recursion', () => {
    expect(jsonNestsDeeperThan(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
