// Business constants and limits of spec 1 section 9 and spec 2 section 9 that both sides use.
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
export const KINDS_LIST_LIMIT = 200;

export const LOGOUT_REDIRECT_DELAY_MS = 1000;
export const NETWORK_ERROR_TOAST_THRESHOLD_MS = 60_000;
export const MAINTENANCE_COUNTDOWN_TICK_MS = 1000;
export const TOAST_DURATION_MS = 5000;
export const PERSISTED_SETTINGS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

// TanStack Query defaults for the configuration call (spec 1 section 7).
export const CONFIGURATION_STALE_MS = 5 * 60 * 1000;
export const CONFIGURATION_GC_MS = 10 * 60 * 1000;
export const QUERY_RETRIES = 2;

export const HEADER_HEIGHT_PX = 60;
export const HEADER_HEIGHT_WITH_BANNER_PX = 85;

// Headers the client and server agree on.
export const TENANT_HEADER = 'x-tenant';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_COOKIE = 'csrftoken';
export const SESSION_COOKIE = 'sessionid';
export const IMPERSONATOR_HEADER = 'impersonator-id';
