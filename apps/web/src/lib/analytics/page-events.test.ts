import { describe, expect, it } from 'vitest';
import { pageAnalyticsEvent } from './page-events';

describe('pageAnalyticsEvent (spec 2 §9.4)', () => {
  it('names the instance settings sections, notifications and studio apps by their page', () => {
    expect(pageAnalyticsEvent('/settings/branding')).toBe('settings.branding');
    expect(pageAnalyticsEvent('/settings/tokens')).toBe('settings.integration_tokens');
    expect(pageAnalyticsEvent('/settings/sso')).toBe('settings.integration_config');
    expect(pageAnalyticsEvent('/settings/groups/4')).toBe('settings.users');
    expect(pageAnalyticsEvent('/settings/badges')).toBe('settings.badge_definitions');
    expect(pageAnalyticsEvent('/settings/scheduler')).toBe('settings.scheduler');
    expect(pageAnalyticsEvent('/notifications')).toBe('notifications.all_notifications');
    expect(pageAnalyticsEvent('/mysubscriptions')).toBe('notifications.my_subscriptions');
    expect(pageAnalyticsEvent('/studio/apps')).toBe('studio.apps');
    expect(pageAnalyticsEvent('/settings/audit')).toBeNull();
    expect(pageAnalyticsEvent('/process/12')).toBeNull();
  });
});
