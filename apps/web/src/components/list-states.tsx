import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ListStatesProps = {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  loadingLabel: string;
  failedText: string;
  // What an empty list says: an icon, a title and a line on what would appear here.
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
  children: ReactNode;
};

// The four faces of a server-paged list: loading, failed, empty, or its rows.
export function ListStates(props: ListStatesProps) {
  if (props.pending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={props.loadingLabel} />
      </Center>
    );
  }
  if (props.failed) {
    return (
      <Text c="red" ta="center" py="xl">
        {props.failedText}
      </Text>
    );
  }
  if (props.empty) {
    return (
      <Stack align="center" gap={6} py={44}>
        {props.emptyIcon}
        <Text fw={600}>{props.emptyTitle}</Text>
        <Text fz="sm" c="dimmed" ta="center" maw={420}>
          {props.emptyDescription}
        </Text>
      </Stack>
    );
  }
  return <>{props.children}</>;
}
