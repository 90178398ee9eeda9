import type { AnalyticsEventName, TaskTab } from '@attest/shared';
import { Button, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconChecklist, IconPlaneDeparture, IconUserShare } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/list-states';
import { TableOverview } from '../../../components/table-overview';
import { track } from '../../../lib/analytics/track';
import { useSignedInUser } from '../../auth';
import { TASK_PAGE_SIZE, type TaskRef, type TaskRow } from '../api/task-contract';
import { useTaskCounts, useTasks } from '../api/tasks';
import { useLiveTasks } from '../hooks/use-live-tasks';
import { useTaskPageState } from '../hooks/use-task-page-state';
import { activeFilterCount } from '../lib/task-filters';
import { offeredTabs, TASK_VIEWS } from '../lib/task-query';
import { DelegationDialog } from './delegation-dialog';
import { ReassignDialog } from './reassign-dialog';
import { TaskFiltersBar } from './task-filters-bar';
import { TaskTabs } from './task-tabs';
import { TaskListView, TaskSwimlaneView, taskKey } from './task-views';

// Spec 2 §9.4: the tasks tabs' analytics events.
const TAB_EVENTS = {
  mine: 'tasks.my_tasks',
  group: 'tasks.my_group_tasks',
  delegated: 'tasks.delegated_tasks',
  all: 'tasks.all_tasks',
} as const satisfies Record<TaskTab, AnalyticsEventName>;

const refOf = (row: TaskRow): TaskRef => ({ workflow_id: row.workflow_id, step_tag: row.step.tag });

// /tasks: one row per open step the person can act on (issue 16), by tab, filtered, sorted and
// paged on the server; live through 'tasks.changed'.
export function TasksPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const state = useTaskPageState();
  const counts = useTaskCounts(state.filters);
  // A tab the server does not offer (all tasks without the right) falls back to my tasks.
  const tab = counts.data && !offeredTabs(counts.data).includes(state.tab) ? 'mine' : state.tab;
  const list = useTasks({ tab, sort: state.sort, page: state.page, filters: state.filters });
  useLiveTasks();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reassignOpen, setReassignOpen] = useState(false);
  const [delegationOpen, setDelegationOpen] = useState(false);
  const rows = list.data?.results ?? [];
  // Only rows still on the page count as chosen (a task may have gone live meanwhile).
  const chosen = useMemo(
    () => rows.filter((row) => row.actions.reassign && selected.has(taskKey(row))).map(refOf),
    [rows, selected],
  );
  const total = Math.max(1, Math.ceil((list.data?.count ?? 0) / TASK_PAGE_SIZE));
  const clearSelection = () => setSelected(new Set());
  const viewProps = {
    rows,
    viewerId: user.id,
    selected,
    onSelectedChange: (key: string, value: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (value) next.add(key);
        else next.delete(key);
        return next;
      }),
  };
  const filtered = activeFilterCount(state.filters) > 0;

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {t('tasks.title')}
        </Title>
        <Group gap="sm">
          {chosen.length > 0 && (
            <Button
              leftSection={<IconUserShare size={16} aria-hidden />}
              onClick={() => setReassignOpen(true)}
            >
              {t('tasks.reassign.open', { count: chosen.length })}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconPlaneDeparture size={16} aria-hidden />}
            onClick={() => setDelegationOpen(true)}
          >
            {t('tasks.delegation.open')}
          </Button>
        </Group>
      </Group>
      <TaskTabs
        counts={counts.data}
        value={tab}
        onChange={(next) => {
          clearSelection();
          track(TAB_EVENTS[next]);
          state.setUrl({ tab: next, page: 1 });
        }}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TaskFiltersBar
          filters={state.filters}
          onFiltersChange={(next) => {
            clearSelection();
            state.setFilters(next);
          }}
          sort={state.sort}
          onSortChange={(sort) => state.setUrl({ sort, page: 1 })}
        />
        <SegmentedControl
          size="xs"
          aria-label={t('tasks.views.label')}
          value={state.view}
          onChange={(value) => {
            const view = TASK_VIEWS.find((v) => v === value) ?? 'list';
            track(view === 'swimlane' ? 'tasks.swimlane_view' : 'tasks.list_view');
            state.setUrl({ view });
          }}
          data={TASK_VIEWS.map((view) => ({ value: view, label: t(`tasks.views.${view}`) }))}
        />
      </Group>
      <Paper withBorder radius="md" p="xs">
        <ListStates
          pending={list.isPending}
          failed={list.isError}
          empty={rows.length === 0}
          loadingLabel={t('tasks.loading')}
          failedText={t('tasks.loadFailed')}
          emptyIcon={<IconChecklist size={36} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />}
          emptyTitle={t(filtered ? 'tasks.emptyFiltered' : 'tasks.empty')}
          emptyDescription={t(filtered ? 'tasks.emptyFilteredDescription' : 'tasks.emptyDescription')}
        >
          {state.view === 'swimlane' ? <TaskSwimlaneView {...viewProps} /> : <TaskListView {...viewProps} />}
        </ListStates>
      </Paper>
      {list.data && list.data.count > 0 && (
        <TableOverview
          page={Math.min(state.page, total)}
          onPage={(page) => {
            clearSelection();
            state.setUrl({ page });
          }}
          total={list.data.count}
          pageSize={TASK_PAGE_SIZE}
          hideSinglePage
        />
      )}
      <ReassignDialog
        tasks={chosen}
        opened={reassignOpen}
        onClose={() => setReassignOpen(false)}
        onDone={() => {
          setReassignOpen(false);
          clearSelection();
        }}
      />
      <DelegationDialog opened={delegationOpen} onClose={() => setDelegationOpen(false)} userId={user.id} />
    </Stack>
  );
}
