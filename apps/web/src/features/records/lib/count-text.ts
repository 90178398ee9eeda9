import type { RecordsPage } from '@attest/shared';
import type { TFunction } from 'i18next';

// The list's count as the server gives it: exact up to COUNT_EXACT_LIMIT, the planner's estimate
// above (the capped count rule, docs/workflow-list.md), which the answer says (count_is_estimate):
// an estimate reads "about N".
export function recordCountText(
  t: TFunction,
  locale: string,
  page: Pick<RecordsPage, 'count' | 'count_is_estimate'>,
): string {
  const { count } = page;
  const formatted = new Intl.NumberFormat(locale).format(count);
  return page.count_is_estimate
    ? t('records.list.countAbout', { count, formatted })
    : t('records.list.count', { count, formatted });
}
