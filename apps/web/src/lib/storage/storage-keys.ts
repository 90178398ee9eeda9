// Every browser-storage key the app writes, in one place so logout knows what to keep.
export const STORAGE_KEYS = {
  // Session storage: the page to return to after sign-in (spec 1 section 2: kept for SSO).
  nextUrl: 'attest.next',
  // Session storage: the time zone is sent once per session (spec 1 section 7).
  timezoneSynced: 'attest.timezone-synced',
  // Session storage: the impersonator-id header last seen (spec 1 section 4).
  impersonatorId: 'attest.impersonator-id',
  // Local storage.
  language: 'attest.language',
  taskFilters: 'attest.task-filters',
  recentSearches: 'attest.recent-searches',
  recentlyViewed: 'attest.recently-viewed',
  featureHighlights: 'attest.feature-highlights',
} as const;

// Spec 1 section 4: preserved across logout. Feature highlights are deliberately not in this list.
export const PRESERVED_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.taskFilters,
  STORAGE_KEYS.recentSearches,
  STORAGE_KEYS.language,
  STORAGE_KEYS.recentlyViewed,
];
