import type { Configuration, User } from '@attest/shared';

export function makeConfiguration(overrides: Partial<Configuration> = {}): Configuration {
  return {
    name: 'Acme Corp',
    tenant: 'acme',
    brand: 'default',
    brand_title: 'Attest',
    brand_copyright: '© Attest Inc. All rights reserved.',
    logo: null,
    supported_languages: ['en', 'es'],
    supported_languages_json: [
      { code: 'en', name: 'English', nativeName: 'English' },
      { code: 'es', name: 'Spanish', nativeName: 'Español' },
    ],
    default_language: 'en',
    custom_ui_labels: {
      banner_message: null,
      trigger: false,
      color: null,
      brandColor: null,
      header_links: [],
      specialFeatures: [],
      filter_placeholders: { Region: null, Business: null },
    },
    feature_toggles: {},
    configuration: {
      is_maintenance_mode_enabled: false,
      message_on_maintenance_page: null,
      maintenance_end_time: null,
    },
    report_embed_url: null,
    support_links: [],
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'analyst@acme.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    tenant: 'acme',
    tenant_id: 1,
    csrf: 'token',
    prefered_language: 'en',
    timezone: null,
    mfa: { requires_mfa_verification: false, enrolled: false, enrolment_required: false },
    sessionId: 'session-1',
    kind: 1,
    groups: [],
    user_profile_workflow: 42,
    features: [],
    impersonator: null,
    ...overrides,
  };
}
