import type { WorkflowListItem } from '@attest/shared';
import { Group, Table, UnstyledButton, useDirection } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { isValidElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { useDashboardColumns, useSaveDashboardColumns } from '../api/dashboard-columns';
import { defaultColumns, visibleColumns } from '../lib/column-layout';
import { columnWidth, tableMinWidth } from '../lib/column-widths';
import { ColumnChooser } from './column-chooser';
import { ANSWER_ORDERING_PREFIX, SORTABLE, workflowColumns } from './workflow-columns';

type WorkflowTableProps = {
  rows: WorkflowListItem[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  kindSelected: boolean;
  showKind: boolean;
  // The previous page stays while the next loads: dim it.
  stale: boolean;
  // Whose column choice applies: the listed kind's, or 'all' for the list of every kind.
  columnScope: 'all' | number;
};

// A header's words as text, for its tooltip and the column chooser.
function headerLabel(column: ColumnDef<WorkflowListItem>): string {
  const header = column.header;
  if (typeof header === 'string') return header;
  if (typeof header === 'function') return textOf((header as () => ReactNode)()) || (column.id ?? '');
  return column.id ?? '';
}

// The text of a rendered header (user-entered labels come wrapped for direction isolation).
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

// Issue 14: a header never breaks mid-word; one longer than its column ends in an ellipsis and shows
// whole on hover.
function HeaderText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span
      title={label}
      style={{
        display: 'block',
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}

// Dates and progress read best newest/highest first; text A to Z.
const DESCENDING_FIRST = new Set(['created_at', 'updated_at', 'progress']);

export function nextOrdering(current: string, columnId: string): string {
  const key = current.replace(/^-/, '');
  if (key === columnId) return current.startsWith('-') ? columnId : `-${columnId}`;
  return DESCENDING_FIRST.has(columnId) ? `-${columnId}` : columnId;
}

// The workflow list (spec 1 §3 list item): server paging and ordering, so the table only renders.
export function WorkflowTable({
  rows,
  ordering,
  onOrderingChange,
  kindSelected,
  showKind,
  stale,
  columnScope,
}: WorkflowTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dir } = useDirection();
  const { context: dates } = useDateFormat();
  const columns = useMemo(
    () => workflowColumns({ rows, t, dates, kindSelected, showKind, direction: dir }),
    [rows, t, dates, kindSelected, showKind, dir],
  );
  const available = useMemo(() => columns.map((c) => c.id ?? ''), [columns]);
  const labels = useMemo(() => new Map(columns.map((c) => [c.id ?? '', headerLabel(c)])), [columns]);
  const kept = useDashboardColumns(columnScope);
  const saveColumns = useSaveDashboardColumns(columnScope);
  const shown = visibleColumns(available, kept.data?.columns ?? null);
  const table = useReactTable({
    data: rows,
    columns,
    state: {
      columnOrder: shown,
      columnVisibility: Object.fromEntries(available.map((id) => [id, shown.includes(id)])),
    },
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (row) => String(row.id),
  });
  const sortKey = ordering.replace(/^-/, '');
  const descending = ordering.startsWith('-');
  const sortable = (id: string) =>
    SORTABLE.has(id) || (kindSelected && id.startsWith(ANSWER_ORDERING_PREFIX));

  return (
    <>
      <Group justify="flex-end" px="md" pt="xs">
        <ColumnChooser
          columns={available.map((id) => ({ id, label: labels.get(id) ?? id }))}
          shown={shown}
          onChange={(next) => saveColumns.mutate(next)}
          onReset={() => saveColumns.mutate(defaultColumns(available))}
        />
      </Group>
      {/* Fixed layout: the columns take the widths of column-widths.ts whatever the rows hold, so
          the default set fits the page and only a long choice of columns scrolls, inside this box. */}
      <Table.ScrollContainer minWidth={tableMinWidth(shown)} type="native">
        <Table
          aria-label={t('dashboard.table.label')}
          highlightOnHover
          verticalSpacing={10}
          horizontalSpacing="xs"
          layout="fixed"
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={stale}
        >
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => {
              const width = columnWidth(column.id);
              return <col key={column.id} style={width === null ? undefined : { width }} />;
            })}
          </colgroup>
          <Table.Thead bg="gray.0">
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const label = labels.get(id) ?? id;
                  const content = (
                    <HeaderText label={label}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </HeaderText>
                  );
                  if (!sortable(id)) {
                    return (
                      <Table.Th
                        key={header.id}
                        fz="xs"
                        c="dimmed"
                        tt="uppercase"
                        style={{ letterSpacing: 0.4, whiteSpace: 'nowrap' }}
                      >
                        {content}
                      </Table.Th>
                    );
                  }
                  const active = sortKey === id;
                  const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
                      fz="xs"
                      tt="uppercase"
                      style={{ letterSpacing: 0.4 }}
                    >
                      <UnstyledButton
                        onClick={() => onOrderingChange(nextOrdering(ordering, id))}
                        fz="xs"
                        fw={active ? 700 : 600}
                        c={active ? 'dark' : 'dimmed'}
                        tt="uppercase"
                        maw="100%"
                        style={{ letterSpacing: 0.4, whiteSpace: 'nowrap' }}
                      >
                        <Group gap={4} wrap="nowrap">
                          {content}
                          <Icon size={13} stroke={2} opacity={active ? 1 : 0.45} style={{ flexShrink: 0 }} />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={() => navigate(`/process/${row.original.id}`)}
                style={{ cursor: 'pointer' }}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
