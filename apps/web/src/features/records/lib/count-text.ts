import { COUNT_EXACT_LIMIT } from '@attest/shared';
import type { TFunction } from 'i18next';

// The list's count as the server gives it: exact up to COUNT_EXACT_LIMIT, the planner's estimate
// above (the capped count rule, docs/workflow-list.md). The records page carries no estimate flag,
// so a count above the limit reads "about N" rather than claiming to be exact.
export function recordCountText(t: TFunction, locale: string, count: number): string {
  const formatted = new Intl.NumberFormat(locale).format(count);
  return count > COUNT_EXACT_LIMIT
    ? t('records.list.countAbout', { count, formatted })
    : t('records.list.count', { count, formatted });
}
