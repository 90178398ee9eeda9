import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';

export type HomeCardProps = {
  title: string;
  icon: ReactNode;
  // Beside the title: a link to the whole list.
  action?: ReactNode;
  children: ReactNode;
};

// One section of the home page: a titled region, so a screen reader can jump between them.
export function HomeCard({ title, icon, action, children }: HomeCardProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} fz="h4" id={id}>
              {title}
            </Title>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export type SectionListProps = {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyDescription: string;
  // "Show more" when the server has more; loading while it answers.
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  children: ReactNode;
};

// A section's list with its loading, failed and empty faces and its "show more".
export function SectionList(props: SectionListProps) {
  const { t } = useTranslation();
  return (
    <ListStates
      pending={props.pending}
      failed={props.failed}
      empty={props.empty}
      loadingLabel={t('home.loading')}
      failedText={t('home.loadFailed')}
      emptyIcon={props.emptyIcon}
      emptyTitle={props.emptyTitle}
      emptyDescription={props.emptyDescription}
    >
      {props.children}
      {props.hasMore && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={props.onMore} loading={props.loadingMore}>
            {t('home.showMore')}
          </Button>
        </Group>
      )}
    </ListStates>
  );
}
