import type { FieldDefinition, ObjectField, RecordListItem } from '@attest/shared';
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { FieldControl } from '../../workflows';
import { nextOrdering } from '../lib/list-url-state';

type RecordsTableProps = {
  objectType: { tag: string; name: string; hasRegion: boolean; hasBusinessUnit: boolean };
  columns: readonly ObjectField[];
  rows: readonly RecordListItem[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  // The previous page stays while the next loads: dim it.
  stale: boolean;
};

type Column = { id: string; label: string; sortKey: string | null; cell: (row: RecordListItem) => ReactNode };

const noop = () => {};

// A list column's value as the process page shows an answer (the same renderer), label hidden: the
// column header names it.
function ValueCell({ field, value, id }: { field: ObjectField; value: unknown; id: string }) {
  return (
    <FieldControl
      field={field as unknown as FieldDefinition}
      value={value ?? null}
      onChange={noop}
      onCommit={noop}
      readOnly
      // Object types have no workflow-bound fields (plan §1.1): no control reads it.
      workflowId={0}
      errors={[]}
      chrome={{
        id,
        label: field.label,
        description: undefined,
        error: undefined,
        required: false,
        readOnly: true,
        hideLabel: true,
      }}
    />
  );
}

// The records list (plan §7): server paging and ordering, so the table only renders. Each title
// links to its record page, so the rows are reached with Tab like any link.
export function RecordsTable({
  objectType,
  columns,
  rows,
  ordering,
  onOrderingChange,
  stale,
}: RecordsTableProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const all: Column[] = [
    {
      id: 'title',
      label: t('records.list.title'),
      sortKey: 'title',
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/records/${objectType.tag}/${row.id}`} fw={500}>
            <UserText>{row.title}</UserText>
          </Anchor>
          {row.archived_at && (
            <Badge size="xs" color="gray" variant="light">
              {t('records.archived')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...columns.map<Column>((field) => ({
      id: `field__${field.tag}`,
      label: field.label,
      sortKey: `field__${field.tag}`,
      cell: (row) => <ValueCell field={field} value={row.values[field.tag]} id={`r${row.id}-${field.tag}`} />,
    })),
  ];
  if (objectType.hasRegion)
    all.push({
      id: 'region',
      label: t('records.region'),
      sortKey: null,
      cell: (row) => (row.region ? <UserText>{row.region.name}</UserText> : null),
    });
  if (objectType.hasBusinessUnit)
    all.push({
      id: 'business_unit',
      label: t('records.businessUnit'),
      sortKey: null,
      cell: (row) => (row.business_unit ? <UserText>{row.business_unit.name}</UserText> : null),
    });
  all.push({
    id: 'updated_at',
    label: t('records.list.updated'),
    sortKey: 'updated_at',
    cell: (row) => (
      <Text fz="sm" c="dimmed" component="span">
        {dates.dateTime(row.updated_at)}
      </Text>
    ),
  });

  const sortKey = ordering.replace(/^-/, '');
  const descending = ordering.startsWith('-');

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table
        aria-label={t('records.list.tableLabel', { type: objectType.name })}
        highlightOnHover
        verticalSpacing={10}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={stale}
      >
        <Table.Thead>
          <Table.Tr>
            {all.map((column) => {
              if (column.sortKey === null)
                return (
                  <Table.Th key={column.id} fz="xs" c="dimmed" tt="uppercase">
                    {column.label}
                  </Table.Th>
                );
              const active = sortKey === column.sortKey;
              const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
              const key = column.sortKey;
              return (
                <Table.Th
                  key={column.id}
                  aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
                  fz="xs"
                  tt="uppercase"
                >
                  <UnstyledButton
                    onClick={() => onOrderingChange(nextOrdering(ordering, key))}
                    fz="xs"
                    fw={active ? 700 : 600}
                    c={active ? 'dark' : 'dimmed'}
                    tt="uppercase"
                    className="mantine-focus-auto"
                  >
                    <Group gap={4} wrap="nowrap">
                      {column.label}
                      <Icon size={13} stroke={2} opacity={active ? 1 : 0.45} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {all.map((column) => (
                <Table.Td key={column.id}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
