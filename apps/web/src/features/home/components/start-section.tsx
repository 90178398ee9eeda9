import { Anchor, Stack, Text } from '@mantine/core';
import { IconLayoutList, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewWorkflowButton } from '../../workflows';
import { HomeCard } from './home-card';

// "Start a workflow" with the tenant's create_new_message above it (spec 2 §3.9), and "Browse all":
// the dashboard of every workflow, by kind.
export function StartSection({ message }: { message: string | null }) {
  const { t } = useTranslation();
  return (
    <HomeCard title={t('home.start.title')} icon={<IconRocket size={20} aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <Text fz="sm" dir={message ? 'auto' : undefined}>
          {message ?? t('home.start.defaultMessage')}
        </Text>
        <NewWorkflowButton label="home.start.button" />
        <Anchor component={Link} to="/workflows/instances" fz="sm">
          <IconLayoutList size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />
          {t('home.start.browseAll')}
        </Anchor>
      </Stack>
    </HomeCard>
  );
}
