import { encodeListQuery, PAGE_SIZE, type WorkflowListState } from '@attest/shared';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Flex,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArrowsExchange,
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { toast } from '../../../lib/notifications/toast';
import { newBatchUpdatePath } from '../../batch-updates';
import { useKindData } from '../api/kind-data';
import { useKinds } from '../api/lookups';
import { isAccessDenied, useWorkflowList } from '../api/workflow-list';
import { useDashboardState } from '../hooks/use-dashboard-state';
import { usePreferredRegionDefault } from '../hooks/use-preferred-region-default';
import { type DashboardView, hasFilters, listRequestQuery } from '../lib/dashboard-state';
import { AdvancedFilterPanel } from './advanced-filter-panel';
import { DashboardSidebar } from './dashboard-sidebar';
import { FilterBar, type FilterPlaceholders } from './filter-bar';
import { AccessDenied, EmptyList, ListSkeleton } from './list-states';
import { SaveFilterButton } from './saved-filters';
import { WorkflowTable } from './workflow-table';

export type DashboardPageProps = {
  // Spec 1 §2: MY_STUFF when the tenant's specialFeatures holds PERSONALISED_HOMEPAGE, else KIND_VIEW.
  personalised: boolean;
  // Spec 1 §6 CAN_VIEW_ALERTS gates loading a kind's alerts.
  canViewAlerts: boolean;
  // Composed by the app layer (e.g. New workflow).
  actions?: ReactNode;
  // Spec 1 §3: the region kept on the user's profile workflow; it narrows a dashboard opened
  // without any filter in its URL.
  preferredRegionId?: number | null;
  // Issue 18: "Batch update" on the list's filters, for people with can_perform_batch_import.
  canBatchUpdate?: boolean;
  // Spec 1 §3 filter placeholders for Region and Business (Settings > Branding, issue 19).
  filterPlaceholders?: FilterPlaceholders;
};

// The kind counts ignore what only makes sense within one kind.
function kindCountBase(list: WorkflowListState): URLSearchParams {
  const { kind_id: _kind, advanced_filters: _advanced, ...rest } = list;
  return encodeListQuery({ ...rest, status__in: [], kind_id__in: [], page: 1 });
}

function conditionCount(list: WorkflowListState): number {
  const count = (g: NonNullable<WorkflowListState['advanced_filters']>): number =>
    g.conditions.length + g.groups.reduce((n, child) => n + count(child), 0);
  return list.advanced_filters ? count(list.advanced_filters) : 0;
}

// /workflows/instances: the workflow dashboard (spec 1 §2, §4).
export function DashboardPage({
  personalised,
  canViewAlerts,
  actions,
  preferredRegionId,
  canBatchUpdate = false,
  filterPlaceholders,
}: DashboardPageProps) {
  const { t, i18n } = useTranslation();
  const defaultView: DashboardView = personalised ? 'my_stuff' : 'kind';
  const { state, dispatch, applyQuery } = useDashboardState(defaultView);
  usePreferredRegionDefault(preferredRegionId ?? null, dispatch);
  const { list, view } = state;
  const narrow = useMediaQuery('(max-width: 75em)');
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  useEffect(() => {
    if (narrow) setSidebarOpen(false);
  }, [narrow]);

  const query = listRequestQuery(list);
  const workflows = useWorkflowList(query);
  const kinds = useKinds();
  const filtered = hasFilters(list);
  const countBase = useMemo(() => kindCountBase(list), [list]);
  // The same queries as the sidebar's (same keys), so nothing is fetched twice.
  const kindData = useKindData(list.kind_id, canViewAlerts, countBase.toString());

  // Spec 1 §8: errors other than 401/403 are a toast with their message.
  const error = workflows.error;
  useEffect(() => {
    if (error && !isAccessDenied(error)) {
      toast.error('dashboard.loadFailed', { id: 'dashboard-list-error', message: error.message });
    }
  }, [error]);

  const page = workflows.data;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const advancedCount = conditionCount(list);

  // Issue 14: a new page starts at its top, not where the pager left the view (the bottom), and
  // focus moves to the list so a keyboard user reads the new rows next.
  const listRef = useRef<HTMLDivElement>(null);
  const toPageTop = () => {
    const target = listRef.current;
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    // The table scrolls sideways in its own container; a new page starts at its first column too.
    for (const scroller of target.querySelectorAll<HTMLElement>('.mantine-Table-scrollContainer')) {
      scroller.scrollLeft = 0;
    }
    target.focus({ preventScroll: true });
  };

  let body: ReactNode;
  if (error && isAccessDenied(error)) body = <AccessDenied />;
  else if (!page)
    body = workflows.isError ? (
      <EmptyList filtered={filtered} onClear={() => dispatch({ type: 'clear' })} />
    ) : (
      <ListSkeleton />
    );
  else if (page.results.length === 0)
    body = <EmptyList filtered={filtered} onClear={() => dispatch({ type: 'clear' })} />;
  else
    body = (
      <WorkflowTable
        rows={page.results}
        ordering={list.ordering}
        onOrderingChange={(ordering) => dispatch({ type: 'ordering', ordering })}
        kindSelected={list.kind_id !== undefined}
        showKind={list.kind_id === undefined}
        stale={workflows.isPlaceholderData}
        columnScope={list.kind_id ?? 'all'}
      />
    );

  return (
    <Stack gap="md" maw={1880} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Tooltip label={t(sidebarOpen ? 'dashboard.sidebar.hide' : 'dashboard.sidebar.show')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t(sidebarOpen ? 'dashboard.sidebar.hide' : 'dashboard.sidebar.show')}
              aria-expanded={sidebarOpen}
              onClick={() => setSidebarOpen((open) => !open)}
            >
              {sidebarOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebar size={20} />}
            </ActionIcon>
          </Tooltip>
          <Title order={1} fz="h2">
            {t('dashboard.title')}
          </Title>
          {page && (
            <Text c="dimmed" size="sm" aria-live="polite">
              {t(page.count_is_estimate ? 'dashboard.countAbout' : 'dashboard.count', {
                count: page.count,
                formatted: number(page.count),
              })}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label={t('dashboard.views.label')}
            value={view}
            onChange={(value) => dispatch({ type: 'view', view: value as DashboardView })}
            data={[
              { value: 'my_stuff', label: t('dashboard.views.my_stuff') },
              { value: 'kind', label: t('dashboard.views.kind') },
            ]}
          />
          <SaveFilterButton query={query} />
          <Button
            variant={advancedOpen ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              advancedCount > 0 ? (
                <Badge size="sm" circle>
                  {advancedCount}
                </Badge>
              ) : null
            }
            aria-expanded={advancedOpen}
            onClick={() => setAdvancedOpen((open) => !open)}
          >
            {t('dashboard.advanced.toggle')}
          </Button>
          {canBatchUpdate && page && page.count > 0 && (
            // The list's own query is the selection (plan §7): what the list shows is what changes.
            <Button
              component={Link}
              to={newBatchUpdatePath('workflows', query)}
              variant="default"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
            >
              {t(page.count_is_estimate ? 'batchUpdates.action.labelAbout' : 'batchUpdates.action.label', {
                formatted: number(page.count),
              })}
            </Button>
          )}
          {actions}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="sm">
        <FilterBar
          list={list}
          kinds={kinds.data ?? []}
          dispatch={dispatch}
          filtered={filtered}
          placeholders={filterPlaceholders}
        />
      </Paper>

      {/* Above the list at its full width, with its own height limit: open with many conditions,
          it neither narrows the table nor pushes it out of view (issue 14). */}
      {advancedOpen && (
        <AdvancedFilterPanel
          applied={list.advanced_filters}
          kindCatalogue={kindData.fields.data?.results}
          kindSelected={list.kind_id !== undefined}
          loading={list.kind_id !== undefined && kindData.fields.isPending}
          onApply={(group) => dispatch({ type: 'advancedFilters', group })}
          onClose={() => setAdvancedOpen(false)}
        />
      )}

      <Flex gap="md" align="flex-start">
        {sidebarOpen && (
          <Box w={260} style={{ flexShrink: 0 }}>
            <DashboardSidebar
              view={view}
              list={list}
              kinds={kinds.data ?? []}
              canViewAlerts={canViewAlerts}
              catalogue={kindData.fields.data?.results}
              currentQuery={query}
              dispatch={dispatch}
              onApplyQuery={applyQuery}
              kindCountBase={countBase}
            />
          </Box>
        )}
        <Paper
          ref={listRef}
          tabIndex={-1}
          role="region"
          aria-label={t('dashboard.table.label')}
          withBorder
          radius="md"
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', scrollMarginTop: 80 }}
        >
          {body}
          {page && page.results.length > 0 && (
            <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <TableOverview
                page={list.page}
                pageSize={PAGE_SIZE}
                total={page.count}
                estimate={page.count_is_estimate}
                shown={page.results.length}
                onPage={(value) => {
                  dispatch({ type: 'page', page: value });
                  toPageTop();
                }}
              />
            </Box>
          )}
        </Paper>
      </Flex>
    </Stack>
  );
}
