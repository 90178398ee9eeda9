import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-06-30T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime (spec 1 §9 thresholds: 60 s, 60 min, 24 h, 31 days, 12 months)', () => {
  it('moves to the next unit at each threshold', () => {
    expect(relativeTime(ago(59), now, 'en')).toBe('now');
    expect(relativeTime(ago(60), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(59 * 60), now, 'en')).toBe('59 minutes ago');
    expect(relativeTime(ago(3600), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 3600), now, 'en')).toBe('23 hours ago');
    expect(relativeTime(ago(24 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(30 * 86400), now, 'en')).toBe('30 days ago');
    expect(relativeTime(ago(31 * 86400), now, 'en')).toBe('last month');
    expect(relativeTime(ago(12 * 31 * 86400), now, 'en')).toBe('last year');
  });
});
