import { Skeleton, Table, Text } from '@mantine/core';

export type TableRowsStateProps = { loading: boolean; empty: boolean; columns: number; emptyText: string };

// The rows a server-paged table shows while it loads, or when there is nothing to list.
export function TableRowsState({ loading, empty, columns, emptyText }: TableRowsStateProps) {
  if (loading) {
    return [0, 1, 2, 3, 4].map((row) => (
      <Table.Tr key={row}>
        <Table.Td colSpan={columns}>
          <Skeleton h={22} />
        </Table.Td>
      </Table.Tr>
    ));
  }
  if (!empty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text ta="center" c="dimmed" fz="sm" py="xl">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
