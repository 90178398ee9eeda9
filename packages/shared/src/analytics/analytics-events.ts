// Spec 2 §9.4: the product-analytics event names, by area. An event says what kind of thing was
// used, never who used it or what they typed: its only details are the ids of kinds and sections
// (see AnalyticsEventSchema).
export const ANALYTICS_EVENTS = {
  workflowDetail: [
    'workflow_detail.header',
    'workflow_detail.left_pane',
    'workflow_detail.footer',
    'workflow_detail.side_pane',
    'workflow_detail.comments',
    'workflow_detail.activity_logs',
  ],
  tasks: [
    'tasks.my_tasks',
    'tasks.my_group_tasks',
    'tasks.delegated_tasks',
    'tasks.all_tasks',
    'tasks.swimlane_view',
    'tasks.list_view',
    'tasks.progress_map',
  ],
  reports: ['reports.add_report', 'reports.export', 'reports.subscribe_email', 'reports.subscribe_sftp'],
  home: [
    'home.start_workflow',
    'home.browse_all',
    'home.recently_viewed',
    'home.following',
    'home.waiting_on_you',
    'home.requested_by_you',
  ],
  search: ['search.global', 'search.advanced'],
  notifications: ['notifications.all_notifications', 'notifications.my_subscriptions'],
  login: [
    'login.email_password',
    'login.one_time_code',
    'login.mfa_pin',
    'login.team_login',
    'login.language',
  ],
  studio: ['studio.apps', 'studio.eca_rules', 'studio.deploy', 'studio.templates'],
  settings: [
    'settings.branding',
    'settings.integration_config',
    'settings.integration_tokens',
    'settings.users',
    'settings.global_settings',
    'settings.access',
    'settings.shortcuts',
    'settings.badge_definitions',
    'settings.scheduler',
  ],
  apiBuilder: ['api_builder.opened'],
} as const;

export type AnalyticsArea = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[AnalyticsArea][number];

export const ANALYTICS_EVENT_NAMES: readonly AnalyticsEventName[] = Object.values(ANALYTICS_EVENTS).flat();
