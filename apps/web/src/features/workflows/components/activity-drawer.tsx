import type { WorkflowDefinition } from '@attest/shared';
import { Alert, Button, Center, Drawer, EmptyState, Loader, Stack } from '@mantine/core';
import { useIntersection, useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivity } from '../api/activity';
import { ActivityItem } from './activity-item';

export type ActivityDrawerProps = {
  workflowId: number;
  definition: WorkflowDefinition | null;
  opened: boolean;
  onClose: () => void;
};

// 'Can View Activity Log': every change to the workflow, newest first, a page at a time.
export function ActivityDrawer({ workflowId, definition, opened, onClose }: ActivityDrawerProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 450px)');
  const activity = useActivity(workflowId, opened);
  const entries = activity.data?.pages.flatMap((page) => page.results) ?? [];
  const now = new Date();
  // Infinite scroll: the next page loads as the end of the list comes into view.
  const { ref: endRef, entry: end } = useIntersection({ threshold: 0 });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = activity;
  useEffect(() => {
    if (end?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [end?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 520}
      title={t('process.activity.title')}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {activity.isPending && opened && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {activity.isError && (
        <Alert color="red" variant="light">
          {activity.error.message}
        </Alert>
      )}
      {activity.isSuccess && entries.length === 0 && (
        <EmptyState
          mt="xl"
          withIndicatorBackground
          icon={<IconHistory size={28} stroke={1.5} />}
          title={t('process.activity.empty')}
        />
      )}
      <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} definition={definition} now={now} />
        ))}
      </Stack>
      <div ref={endRef} aria-hidden />
      {activity.hasNextPage && (
        <Center pt="md">
          <Button
            variant="subtle"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
          >
            {t('process.activity.more')}
          </Button>
        </Center>
      )}
    </Drawer>
  );
}
