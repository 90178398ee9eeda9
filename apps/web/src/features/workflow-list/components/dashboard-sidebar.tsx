import type { FilterAttribute, WorkflowKind, WorkflowListState } from '@attest/shared';
import { NavLink, Stack } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useKindCounts, useKindData } from '../api/kind-data';
import type { DashboardAction, DashboardView } from '../lib/dashboard-state';
import { isQueueFilter, queueFilter } from '../lib/queue-filter';
import { KindNav } from './kind-nav';
import { KindQueues } from './kind-queues';
import { RecentWorkflows } from './recent-workflows';
import { SavedFilterList } from './saved-filters';
import { SidebarSection } from './sidebar-section';

type DashboardSidebarProps = {
  view: DashboardView;
  list: WorkflowListState;
  kinds: WorkflowKind[];
  canViewAlerts: boolean;
  catalogue: readonly FilterAttribute[] | undefined;
  currentQuery: string;
  dispatch: (action: DashboardAction) => void;
  onApplyQuery: (query: string) => void;
  kindCountBase: URLSearchParams;
};

// The left sidebar (spec 1 §2). My stuff: my tasks, recently viewed and saved filters first, then the
// kinds. Kind view: the kinds, then the chosen kind's queues and alerts.
export function DashboardSidebar(props: DashboardSidebarProps) {
  const { view, list, kinds, canViewAlerts, catalogue, dispatch } = props;
  const { t } = useTranslation();
  // Every kind's count in one request; while it loads each kind shows a loader, after a failure none.
  const kindCounts = useKindCounts(props.kindCountBase);
  const counts = new Map(
    kindCounts.isPending ? kinds.map((k) => [k.id, undefined]) : [...(kindCounts.data ?? new Map())],
  );
  const kindData = useKindData(list.kind_id, canViewAlerts, props.kindCountBase.toString());
  const queueFilters = new Map(
    (kindData.queues.data?.stepgroupdef_counts ?? []).map((q) => [
      q.step_group_tag,
      catalogue ? queueFilter(catalogue, q.step_group_tag) : null,
    ]),
  );
  const activeQueue =
    [...queueFilters.entries()].find(([, filter]) => isQueueFilter(list.advanced_filters, filter))?.[0] ??
    null;

  const kindNav = (
    <KindNav
      kinds={kinds}
      counts={counts}
      selected={list.kind_id}
      onSelect={(kindId) => dispatch({ type: 'kind', kindId })}
    />
  );
  const personal = (
    <>
      <SidebarSection title={t('dashboard.sidebar.mine')}>
        <NavLink
          component="button"
          label={t('dashboard.filters.myTasks')}
          leftSection={<IconChecklist size={16} />}
          active={list.filter_by_group === 'me'}
          onClick={() =>
            dispatch({ type: 'myTasks', value: list.filter_by_group === 'me' ? undefined : 'me' })
          }
          variant="light"
          style={{ borderRadius: 6 }}
        />
      </SidebarSection>
      <RecentWorkflows />
      <SavedFilterList current={props.currentQuery} onApply={props.onApplyQuery} />
    </>
  );

  return (
    <Stack gap="lg" component="nav" aria-label={t('dashboard.sidebar.label')}>
      {view === 'my_stuff' ? personal : null}
      {kindNav}
      {list.kind_id !== undefined && (
        <KindQueues
          queues={kindData.queues.data}
          queuesLoading={kindData.queues.isPending}
          activeQueue={activeQueue}
          onQueue={
            catalogue
              ? (tag) =>
                  dispatch({
                    type: 'advancedFilters',
                    group: tag ? (queueFilters.get(tag) ?? undefined) : undefined,
                  })
              : null
          }
          alerts={canViewAlerts ? kindData.alerts.data : undefined}
          alertsLoading={canViewAlerts && kindData.alerts.isPending}
        />
      )}
      {view === 'kind' ? (
        <>
          <RecentWorkflows />
          <SavedFilterList current={props.currentQuery} onApply={props.onApplyQuery} />
        </>
      ) : null}
    </Stack>
  );
}
