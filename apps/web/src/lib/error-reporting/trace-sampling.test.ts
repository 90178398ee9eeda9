import { describe, expect, it } from 'vitest';
import { sectionOf } from './sections';
import { traceSampleRate, tracesSampler } from './trace-sampling';

// Spec 2 §9.5, every row of the trace sample table, for a page load and for a navigation.
describe('traceSampleRate', () => {
  it.each([
    ['tasks', 1, 1],
    ['report', 1, 1],
    ['settings', 1, 1],
    ['studio', 1, 1],
    ['records', 1, 1],
    ['home', 1, 0.75],
    ['dashboard', 1, 0.75],
    ['dashboards', 1, 0.75],
    ['search', 1, 0.5],
    ['process', 0.2, 0.03],
  ] as const)('%s: %s on a page load, %s for a navigation', (section, load, navigation) => {
    expect(traceSampleRate({ section, navigation: false })).toBe(load);
    expect(traceSampleRate({ section, navigation: true })).toBe(navigation);
  });

  it('other: 0.2, unless the parent was sampled', () => {
    expect(traceSampleRate({ section: 'other', navigation: false })).toBe(0.2);
    expect(traceSampleRate({ section: 'other', navigation: true })).toBe(0.2);
    expect(traceSampleRate({ section: 'other', navigation: false, parentSampled: false })).toBe(0.2);
    expect(traceSampleRate({ section: 'other', navigation: false, parentSampled: true })).toBe(1);
    expect(traceSampleRate({ section: 'other', navigation: true, parentSampled: true })).toBe(1);
  });
});

describe('tracesSampler (the SDK option)', () => {
  it('reads the section from the span name and a navigation from sentry.op', () => {
    expect(tracesSampler({ name: '/process/12', attributes: { 'sentry.op': 'pageload' } })).toBe(0.2);
    expect(tracesSampler({ name: '/process/12', attributes: { 'sentry.op': 'navigation' } })).toBe(0.03);
    expect(tracesSampler({ name: '/search?q=acme', attributes: { 'sentry.op': 'navigation' } })).toBe(0.5);
    expect(
      tracesSampler({ name: 'http://acme.localhost:3000/home', attributes: { 'sentry.op': 'navigation' } }),
    ).toBe(0.75);
    expect(tracesSampler({ name: '/workflows/instances', parentSampled: true })).toBe(1);
    expect(tracesSampler({ name: '/workflows/instances' })).toBe(0.2);
  });
});

describe('sectionOf', () => {
  it('is the first segment of the path, reports being the report section', () => {
    expect(sectionOf('/')).toBe('other');
    expect(sectionOf('/dashboard/4')).toBe('dashboard');
    expect(sectionOf('/dashboards')).toBe('dashboards');
    expect(sectionOf('/reports/tableau')).toBe('report');
    expect(sectionOf('/records/vendors/3/details')).toBe('records');
    expect(sectionOf('/login/mfa')).toBe('login');
    expect(sectionOf('/settings/branding#logo')).toBe('settings');
    expect(sectionOf('/processes')).toBe('other');
  });
});
