export const configurationKeys = {
  all: ['configuration'] as const,
  detail: () => [...configurationKeys.all, 'detail'] as const,
  // Settings > Branding and Settings > Languages (issue 19): the administrator's editable copies.
  branding: () => [...configurationKeys.all, 'branding'] as const,
  languages: () => [...configurationKeys.all, 'languages'] as const,
};
