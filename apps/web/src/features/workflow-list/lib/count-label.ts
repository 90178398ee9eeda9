import type { TFunction } from 'i18next';

// A count as the dashboard shows it: an estimate (count_is_estimate, docs/workflow-list.md the count
// rule) reads "about N" in the reader's language, an exact count just N. `compact` shortens large
// numbers for the sidebar's badges (1.2M).
export function countLabel(
  t: TFunction,
  locale: string,
  value: { count: number; estimate: boolean },
  compact = false,
): string {
  const formatted = new Intl.NumberFormat(locale, {
    notation: compact && value.count >= 100_000 ? 'compact' : 'standard',
  }).format(value.count);
  return value.estimate ? t('dashboard.aboutCount', { formatted }) : formatted;
}
