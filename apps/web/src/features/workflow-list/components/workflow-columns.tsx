import type { LcDataItem, WorkflowListItem } from '@attest/shared';
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import {
  type DateFormatContext,
  formatDay,
  formatDate as formatInstantDate,
} from '../../../lib/format/date-time';
import { BadgeChips } from '../../badges';
import { AlertBadges } from './alert-badges';
import { FamilyLine } from './family-line';
import { StatusPill } from './status-pill';

const column = createColumnHelper<WorkflowListItem>();

// Column ids are the list's ordering keys (shared LIST_ORDERINGS, field__<tag> for answers), so a
// header click sets `ordering` directly; columns without one do not sort.
export const SORTABLE = new Set(['name', 'status', 'progress', 'created_at', 'updated_at']);
export const ANSWER_ORDERING_PREFIX = 'field__';

// A cell of user text cut with an ellipsis takes the direction of its own words, so in Arabic an
// English value keeps its beginning and loses its end ("Supplier Onboa…", not "…pplier Onboarding"),
// while it stays aligned with the page's side (Chromium has no text-align: match-parent).
function ownDirection(page: 'ltr' | 'rtl') {
  return { dir: 'auto', ta: page === 'rtl' ? 'right' : 'left' } as const;
}

// A bare day ('2026-12-21') is the same day everywhere; an instant shows in the person's zone.
function formatDate(value: string | null, dates: DateFormatContext): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value, dates.locale) : formatInstantDate(value, dates);
}

function lcText(item: LcDataItem | undefined, t: TFunction, dates: DateFormatContext): string {
  if (!item || item.value === null || item.value === '') return '';
  if (item.display_type === 'date') return formatDate(item.value, dates);
  if (item.display_type === 'boolean') return t(item.value === 'true' ? 'dashboard.yes' : 'dashboard.no');
  if (item.display_type === 'number') {
    const n = Number(item.value);
    return Number.isFinite(n) ? new Intl.NumberFormat(dates.locale).format(n) : item.value;
  }
  return item.value;
}

// The lc_data columns of the page (spec 1 §3), in the order the rows name them.
function lcColumns(rows: readonly WorkflowListItem[]): LcDataItem[] {
  const seen = new Map<string, LcDataItem>();
  for (const row of rows) for (const item of row.lc_data) if (!seen.has(item.key)) seen.set(item.key, item);
  return [...seen.values()];
}

type Options = {
  rows: readonly WorkflowListItem[];
  t: TFunction;
  // The person's language and time zone (useDateFormat's context).
  dates: DateFormatContext;
  // The kind view lists one kind: its answer columns sort; the my-stuff view names each row's kind.
  kindSelected: boolean;
  showKind: boolean;
  // The page's direction, which cells of user text align with.
  direction: 'ltr' | 'rtl';
};

export function workflowColumns({ rows, t, dates, kindSelected, showKind, direction }: Options) {
  const userTextCell = ownDirection(direction);
  const columns: ColumnDef<WorkflowListItem>[] = [
    column.display({
      id: 'rank',
      header: () => t('dashboard.columns.rank'),
      cell: (info) => (
        <Text size="sm" c="dimmed" ff="monospace">
          {info.row.original.rank}
        </Text>
      ),
      size: 56,
    }),
    column.display({
      id: 'name',
      header: () => t('dashboard.columns.name'),
      cell: (info) => (
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/process/${info.row.original.id}`}
            fw={600}
            size="sm"
            c="dark"
            onClick={(event) => event.stopPropagation()}
          >
            <UserText>{info.row.original.name}</UserText>
          </Anchor>
          <FamilyLine family={info.row.original.workflow_family} />
          {/* Issue 19: the badges the workflow holds, under its name (no column to make room for). */}
          <BadgeChips badges={info.row.original.badges ?? []} max={3} size="xs" />
        </Stack>
      ),
    }),
  ];
  if (showKind) {
    columns.push(
      column.display({
        id: 'kind',
        header: () => t('dashboard.columns.kind'),
        cell: (info) => (
          <Text size="sm" c="dimmed" truncate title={info.row.original.kind.name} {...userTextCell}>
            <UserText>{info.row.original.kind.name}</UserText>
          </Text>
        ),
      }),
    );
  }
  columns.push(
    column.display({
      id: 'status',
      header: () => t('dashboard.columns.status'),
      cell: (info) => <StatusPill status={info.row.original.status} />,
    }),
    column.display({
      id: 'progress',
      header: () => t('dashboard.columns.progress'),
      cell: (info) => (
        <Group gap={8} wrap="nowrap">
          <Progress
            value={info.row.original.progress}
            size="sm"
            w={50}
            color={info.row.original.progress >= 100 ? 'teal' : 'brand'}
            aria-label={t('dashboard.columns.progress')}
          />
          <Text size="xs" c="dimmed" w={34}>
            {info.row.original.progress}%
          </Text>
        </Group>
      ),
    }),
    column.display({
      id: 'alerts',
      header: () => t('dashboard.columns.alerts'),
      cell: (info) => <AlertBadges alerts={info.row.original.alerts} />,
    }),
  );
  for (const lc of lcColumns(rows)) {
    const fixed = lc.translated_label !== null;
    columns.push(
      column.display({
        id: fixed ? lc.key : `${ANSWER_ORDERING_PREFIX}${lc.key}`,
        header: () =>
          lc.translated_label ? t(lc.translated_label) : <UserText>{lc.label ?? lc.key}</UserText>,
        cell: (info) => {
          const text = lcText(
            info.row.original.lc_data.find((item) => item.key === lc.key),
            t,
            dates,
          );
          // Cut to the column's width (column-widths.ts); the whole value on hover.
          return (
            <Text size="sm" truncate title={text || undefined} {...userTextCell}>
              <UserText>{text}</UserText>
            </Text>
          );
        },
        enableSorting: !fixed && kindSelected,
      }),
    );
  }
  columns.push(
    column.display({
      id: 'created_at',
      header: () => t('dashboard.columns.createdAt'),
      cell: (info) => {
        const created = formatDate(info.row.original.created_at, dates);
        return (
          <Text size="sm" c="dimmed" truncate title={created}>
            {created}
          </Text>
        );
      },
    }),
  );
  return columns;
}
