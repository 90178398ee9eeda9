import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeSection } from '../api/get-section';
import type { HomeSectionKind } from '../api/home-keys';
import { HomeCard, SectionList } from './home-card';
import { WorkflowLinks } from './workflow-links';

// "Following" and "Requested by you": workflows paged on the server, "show more" asks for the next.
export function WorkflowSection({
  kind,
  icon,
  emptyIcon,
}: {
  kind: HomeSectionKind;
  icon: ReactNode;
  emptyIcon: ReactNode;
}) {
  const { t } = useTranslation();
  const section = useHomeSection(kind);
  // Pages are read by offset: a workflow that moved up between two pages (changed meanwhile) comes
  // twice; it is shown once.
  const rows = [
    ...new Map((section.data?.pages.flatMap((p) => p.results) ?? []).map((w) => [w.id, w])).values(),
  ];
  const title = t(`home.${kind}.title`);
  return (
    <HomeCard title={title} icon={icon}>
      <SectionList
        pending={section.isPending}
        failed={section.isError}
        empty={rows.length === 0}
        emptyIcon={emptyIcon}
        emptyTitle={t(`home.${kind}.empty`)}
        emptyDescription={t(`home.${kind}.emptyDescription`)}
        hasMore={section.hasNextPage}
        loadingMore={section.isFetchingNextPage}
        onMore={() => void section.fetchNextPage()}
      >
        <WorkflowLinks
          label={title}
          items={rows.map((w) => ({
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
