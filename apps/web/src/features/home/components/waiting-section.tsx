import { HOME_SECTION_PAGE_SIZE } from '@attest/shared';
import { Anchor } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWaiting } from '../api/get-waiting';
import { HomeCard, SectionList } from './home-card';
import { WorkflowLinks } from './workflow-links';

// "Waiting on you": the viewer's own open steps from the tasks API (tab 'mine'); each opens the
// workflow at that step. "Show more" asks the server for a longer page.
export function WaitingSection() {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(HOME_SECTION_PAGE_SIZE);
  const waiting = useWaiting(true, limit);
  const rows = waiting.data?.results ?? [];
  const title = t('home.waiting.title');
  return (
    <HomeCard
      title={title}
      icon={<IconChecklist size={20} aria-hidden />}
      action={
        <Anchor component={Link} to="/tasks" fz="sm">
          {t('home.waiting.all')}
        </Anchor>
      }
    >
      <SectionList
        pending={waiting.isPending}
        failed={waiting.isError}
        empty={rows.length === 0}
        emptyIcon={<IconChecklist size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />}
        emptyTitle={t('home.waiting.empty')}
        emptyDescription={t('home.waiting.emptyDescription')}
        hasMore={(waiting.data?.count ?? 0) > rows.length}
        loadingMore={waiting.isFetching && !waiting.isPending}
        onMore={() => setLimit((n) => n + HOME_SECTION_PAGE_SIZE)}
      >
        <WorkflowLinks
          label={title}
          items={rows.map((task) => ({
            key: `${task.workflow_id}-${task.step.tag}`,
            href: `/process/${task.workflow_id}?step=${encodeURIComponent(task.step.tag)}`,
            name: task.workflow_name,
            detail:
              task.overdue_days > 0
                ? t('home.waiting.overdue', { step: task.step.name, count: task.overdue_days })
                : task.step.name,
          }))}
        />
      </SectionList>
    </HomeCard>
  );
}
