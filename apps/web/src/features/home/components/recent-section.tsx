import { HOME_SECTION_PAGE_SIZE } from '@attest/shared';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecent } from '../api/get-recent';
import { HomeCard, SectionList } from './home-card';
import { WorkflowLinks } from './workflow-links';

// "Recently viewed": the server keeps the last 20 views and answers them in one small list; the card
// shows five at a time.
export function RecentSection() {
  const { t } = useTranslation();
  const recent = useRecent();
  const [shown, setShown] = useState(HOME_SECTION_PAGE_SIZE);
  const rows = recent.data ?? [];
  const title = t('home.recent.title');
  return (
    <HomeCard title={title} icon={<IconHistory size={20} aria-hidden />}>
      <SectionList
        pending={recent.isPending}
        failed={recent.isError}
        empty={rows.length === 0}
        emptyIcon={<IconHistory size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />}
        emptyTitle={t('home.recent.empty')}
        emptyDescription={t('home.recent.emptyDescription')}
        hasMore={rows.length > shown}
        loadingMore={false}
        onMore={() => setShown((n) => n + HOME_SECTION_PAGE_SIZE)}
      >
        <WorkflowLinks
          label={title}
          items={rows.slice(0, shown).map((w) => ({
            key: String(w.id),
            href: `/process/${w.id}`,
            name: w.name,
            detail: w.kind.name,
            status: w.status,
          }))}
        />
      </SectionList>
    </HomeCard>
  );
}
