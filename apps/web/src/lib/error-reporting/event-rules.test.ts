import { describe, expect, it } from 'vitest';
import { filterError, filterTransaction, keepPerformanceEvent } from './event-rules';
import type { Section } from './sections';

const LISTED: Section[] = [
  'login',
  'process',
  'home',
  'tasks',
  'dashboards',
  'dashboard',
  'report',
  'search',
  'settings',
  'studio',
  'records',
];

// Spec 2 §9.5: which performance events are kept.
describe('keepPerformanceEvent', () => {
  it('sends performance events only for the listed sections', () => {
    for (const auth of ['authenticated', 'unauthenticated', 'unknown'] as const) {
      expect(keepPerformanceEvent('other', auth)).toBe(false);
    }
  });

  it('keeps login events only when the user is authenticated', () => {
    expect(keepPerformanceEvent('login', 'authenticated')).toBe(true);
    expect(keepPerformanceEvent('login', 'unauthenticated')).toBe(false);
    expect(keepPerformanceEvent('login', 'unknown')).toBe(false);
  });

  it.each(LISTED.filter((s) => s !== 'login'))('keeps %s events only when not unauthenticated', (section) => {
    expect(keepPerformanceEvent(section, 'authenticated')).toBe(true);
    expect(keepPerformanceEvent(section, 'unknown')).toBe(true);
    expect(keepPerformanceEvent(section, 'unauthenticated')).toBe(false);
  });
});

describe('the SDK filters', () => {
  it('beforeSendTransaction reads the section from the transaction name', () => {
    const home = { transaction: '/home' };
    expect(filterTransaction(home, 'authenticated')).toBe(home);
    expect(filterTransaction({ transaction: '/workflows/instances' }, 'authenticated')).toBeNull();
    expect(filterTransaction({ transaction: '/login' }, 'unauthenticated')).toBeNull();
  });

  it('beforeSend drops errors on the ignore list and keeps the rest', () => {
    const bug = { exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } };
    expect(filterError(bug)).toBe(bug);
    expect(filterError({ message: 'ResizeObserver loop limit exceeded' })).toBeNull();
  });
});
