import type { AnalyticsEventName } from '@attest/shared';

// Spec 2 §9.4 events that opening a page tells (an area's sections): the path's first two
// segments. Single sign-on is the instance's integration configuration; users and groups are its
// users section.
const PAGE_EVENTS: Record<string, AnalyticsEventName> = {
  'settings/branding': 'settings.branding',
  'settings/sso': 'settings.integration_config',
  'settings/tokens': 'settings.integration_tokens',
  'settings/users': 'settings.users',
  'settings/groups': 'settings.users',
  'settings/global': 'settings.global_settings',
  'settings/access': 'settings.access',
  'settings/shortcuts': 'settings.shortcuts',
  'settings/badges': 'settings.badge_definitions',
  'settings/scheduler': 'settings.scheduler',
  notifications: 'notifications.all_notifications',
  mysubscriptions: 'notifications.my_subscriptions',
  'studio/apps': 'studio.apps',
};

export function pageAnalyticsEvent(pathname: string): AnalyticsEventName | null {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  return PAGE_EVENTS[second ? `${first}/${second}` : first] ?? PAGE_EVENTS[first] ?? null;
}
