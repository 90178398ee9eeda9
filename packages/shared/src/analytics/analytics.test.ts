import { describe, expect, it } from 'vitest';
import { AnalyticsBatchSchema, AnalyticsEventSchema } from './analytics-batch.js';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_EVENTS } from './analytics-events.js';

describe('analytics catalogue (spec 2 §9.4)', () => {
  it('names the events of every area the spec lists, each name once', () => {
    expect(Object.keys(ANALYTICS_EVENTS)).toEqual([
      'workflowDetail',
      'tasks',
      'reports',
      'home',
      'search',
      'notifications',
      'login',
      'studio',
      'settings',
      'apiBuilder',
    ]);
    expect(new Set(ANALYTICS_EVENT_NAMES).size).toBe(ANALYTICS_EVENT_NAMES.length);
    expect(ANALYTICS_EVENTS.settings).toHaveLength(9);
    expect(ANALYTICS_EVENTS.login).toContain('login.mfa_pin');
  });

  it('accepts ids of kinds and sections and refuses anything that could be personal', () => {
    const at = '2026-11-27T08:00:00.000Z';
    expect(AnalyticsEventSchema.safeParse({ name: 'home.start_workflow', at, kind: 12 }).success).toBe(true);
    expect(AnalyticsEventSchema.safeParse({ name: 'tasks.my_tasks', at, section: 'list' }).success).toBe(
      true,
    );
    // Free text, an e-mail address, an unknown name or an extra field are refused.
    expect(
      AnalyticsEventSchema.safeParse({ name: 'search.global', at, section: 'acme supplier' }).success,
    ).toBe(false);
    expect(
      AnalyticsEventSchema.safeParse({ name: 'login.team_login', at, kind: 'ada@acme.test' }).success,
    ).toBe(false);
    expect(AnalyticsEventSchema.safeParse({ name: 'home.unknown', at }).success).toBe(false);
    expect(AnalyticsEventSchema.safeParse({ name: 'search.global', at, query: 'x' }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ tenant: 'acme', sent_at: at, events: [] }).success).toBe(false);
  });
});
