// Spec 2 §2.1: two legacy report paths redirect to the current location with its first three path
// segments removed (/app/reports/v1/dashboard/5?view=preview -> /dashboard/5?view=preview).
export const LEGACY_REPORT_PREFIXES = ['app/reports/v1', 'embed/reports/v1'] as const;

export function withoutFirstThreeSegments(location: {
  pathname: string;
  search: string;
  hash: string;
}): string {
  const rest = location.pathname.split('/').filter(Boolean).slice(3).join('/');
  return `/${rest}${location.search}${location.hash}`;
}
