import { PAGE_SIZE } from '@attest/shared';
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The rows a page shows, 1-based: { start: 0, end: 0 } when there are none.
// `shown`: the rows the page holds when known (a roughly counted list may hold fewer).
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
  shown?: number,
): { start: number; end: number } {
  if (total <= 0) return { start: 0, end: 0 };
  const start = Math.min((page - 1) * pageSize + 1, total);
  const end = shown === undefined ? Math.min(page * pageSize, total) : Math.max(start, start + shown - 1);
  return { start, end };
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

type TableOverviewProps = {
  // 1-based.
  page: number;
  onPage: (page: number) => void;
  // Unknown while the first page loads: the text waits, the pager keeps the page.
  total: number | undefined;
  pageSize?: number;
  // The list API counted roughly (a large table): "about" the total.
  estimate?: boolean;
  // The rows this page holds, when the list says (otherwise worked out from the page size).
  shown?: number;
  // Hide the pager when everything fits on one page (the text stays).
  hideSinglePage?: boolean;
  // Hide the "Showing …" text (a list that writes its own count elsewhere).
  withText?: boolean;
  size?: 'xs' | 'sm' | 'md';
};

// Under a paged table (spec 2 §2.9): "Showing {start}-{end} out of {total} items", and the pages with
// Prev and Next. Every list of the app pages with this one.
export function TableOverview({
  page,
  onPage,
  total,
  pageSize = PAGE_SIZE,
  estimate = false,
  shown,
  hideSinglePage = false,
  withText = true,
  size = 'sm',
}: TableOverviewProps) {
  // An empty list says so in its own empty state; a lone disabled page under it is noise.
  if (total === 0) return null;
  const pages = totalPages(total ?? 0, pageSize);
  const showPager = !(hideSinglePage && pages <= 1);
  if (!withText && !showPager) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-table-overview="">
      {withText && total !== undefined ? (
        <OverviewText page={page} pageSize={pageSize} total={total} estimate={estimate} shown={shown} />
      ) : (
        <span />
      )}
      {showPager && <Pager page={Math.min(page, pages)} pages={pages} onPage={onPage} size={size} />}
    </Group>
  );
}

// Only for a list with rows: TableOverview shows nothing under an empty one.
function OverviewText({
  page,
  pageSize,
  total,
  estimate = false,
  shown,
}: {
  page: number;
  pageSize: number;
  total: number;
  estimate?: boolean;
  shown?: number;
}) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { start, end } = pageRange(page, pageSize, total, shown);
  const key = estimate
    ? 'tableOverview.about'
    : start === end
      ? 'tableOverview.single'
      : 'tableOverview.range';
  const text = t(key, { count: total, start: format(start), end: format(end), total: format(total) });
  return (
    <Text fz="sm" c="dimmed" aria-live="polite" data-table-overview-text="">
      {text}
    </Text>
  );
}

// Mantine's pages between Prev and Next buttons that say so (its own arrows are icons; an icon
// would turn in a right-to-left page, words must not). Their words are their names: a longer
// aria-label ("Previous page") would not contain "Prev" (axe: label-content-name-mismatch).
function Pager({
  page,
  pages,
  onPage,
  size,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  size: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Pagination.Root value={page} onChange={onPage} total={pages} size={size}>
      <Group gap={6} wrap="wrap" component="nav" aria-label={t('tableOverview.pages')}>
        <Pagination.Control
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          px="xs"
          data-pager="previous"
        >
          {t('tableOverview.prev')}
        </Pagination.Control>
        <Pagination.Items />
        <Pagination.Control
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          px="xs"
          data-pager="next"
        >
          {t('tableOverview.next')}
        </Pagination.Control>
      </Group>
    </Pagination.Root>
  );
}
