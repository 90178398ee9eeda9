import { describe, expect, it } from 'vitest';
import { MessageBodySchema } from './api.js';
import { mentionToken, parseMentions } from './tokens.js';

describe('parseMentions', () => {
  it('finds user and group tokens, each id once', () => {
    const body = 'Hi @[Ann Lee](user:12) and @[Legal](group:4), again @[Ann](user:12) @[Bo](user:7)';
    expect(parseMentions(body)).toEqual({ userIds: [12, 7], groupIds: [4] });
  });

  it('ignores incomplete or malformed tokens and brackets in plain text', () => {
    const body = '[x](user:1) @[](user:2) @[a](user:0) @[a](team:3) @[a](user:abc) @[a] (user:5) a[b]c';
    expect(parseMentions(body)).toEqual({ userIds: [], groupIds: [] });
  });

  it('treats script tags as text: only the token counts', () => {
    const body = '<script>alert(1)</script> @[<b>x</b>](user:9) <img src=x onerror=alert(1)>';
    expect(parseMentions(body)).toEqual({ userIds: [9], groupIds: [] });
  });

  it('skips ids beyond safe integers', () => {
    expect(parseMentions('@[x](user:9999999999999999)').userIds).toEqual([]);
  });

  it('round-trips the token it writes', () => {
    const token = mentionToken('group', 45, 'Risk [EU]\nteam');
    expect(token).toBe('@[Risk  EU  team](group:45)');
    expect(parseMentions(token)).toEqual({ userIds: [], groupIds: [45] });
  });
});

describe('MessageBodySchema', () => {
  it('trims and bounds the body to 1..5000 characters', () => {
    expect(MessageBodySchema.parse('  hi  ')).toBe('hi');
    expect(MessageBodySchema.safeParse('   ').success).toBe(false);
    expect(MessageBodySchema.safeParse('a'.repeat(5000)).success).toBe(true);
    expect(MessageBodySchema.safeParse('a'.repeat(5001)).success).toBe(false);
  });
});
