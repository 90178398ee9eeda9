import type { WorkflowListItem } from '@attest/shared';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ANSWER_ORDERING_PREFIX, SORTABLE, workflowColumns } from './workflow-columns';

type WorkflowTableProps = {
  rows: WorkflowListItem[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  kindSelected: boolean;
  showKind: boolean;
  // The previous page stays while the next loads: dim it.
  stale: boolean;
};

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
}: WorkflowTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo(
    () => workflowColumns({ rows, t, locale: i18n.language, kindSelected, showKind }),
    [rows, t, i18n.language, kindSelected, showKind],
  );
  const table = useReactTable({
    data: rows,
    columns,
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
    <Table.ScrollContainer minWidth={880} type="native">
      <Table
        aria-label={t('dashboard.table.label')}
        highlightOnHover
        verticalSpacing={10}
        horizontalSpacing="md"
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={stale}
      >
        <Table.Thead bg="gray.0">
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const content = flexRender(header.column.columnDef.header, header.getContext());
                if (!sortable(id)) {
                  return (
                    <Table.Th
                      key={header.id}
                      fz="xs"
                      c="dimmed"
                      tt="uppercase"
                      style={{ letterSpacing: 0.4 }}
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
                      style={{ letterSpacing: 0.4, whiteSpace: 'nowrap' }}
                    >
                      <Group gap={4} wrap="nowrap">
                        {content}
                        <Icon size={13} stroke={2} opacity={active ? 1 : 0.45} />
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
                <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
