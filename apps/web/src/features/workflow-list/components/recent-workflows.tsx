import { NavLink, Skeleton, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';
import { useRecentWorkflows } from '../api/recent-activity';
import { SidebarSection } from './sidebar-section';

const SHOWN = 5;

// Spec 1 §3 user recent activity: the workflows opened last, a click away.
export function RecentWorkflows() {
  const { t } = useTranslation();
  const recent = useRecentWorkflows();
  return (
    <SidebarSection title={t('dashboard.sidebar.recent')}>
      {recent.isPending && <Skeleton h={28} />}
      {recent.data?.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          {t('dashboard.sidebar.noRecent')}
        </Text>
      )}
      {recent.data?.slice(0, SHOWN).map((workflow) => (
        <NavLink
          key={workflow.id}
          component={Link}
          to={`/process/${workflow.id}`}
          label={
            <Text size="sm" truncate>
              <UserText>{workflow.name}</UserText>
            </Text>
          }
          description={<UserText>{workflow.kind.name}</UserText>}
          leftSection={<IconHistory size={14} color={workflow.status.color_code} />}
          style={{ borderRadius: 6 }}
        />
      ))}
    </SidebarSection>
  );
}
