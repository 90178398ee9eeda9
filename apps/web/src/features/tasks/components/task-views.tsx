import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskRow as TaskRowData } from '../api/task-contract';
import { TaskRow } from './task-row';
import { TaskRowActions } from './task-row-actions';

export const taskKey = (row: TaskRowData) => `${row.workflow_id}:${row.step.tag}`;

type ViewProps = {
  rows: TaskRowData[];
  viewerId: number;
  selected: ReadonlySet<string>;
  onSelectedChange: (key: string, selected: boolean) => void;
};

function Rows({ rows, viewerId, selected, onSelectedChange, label }: ViewProps & { label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      m={0}
      p={0}
      style={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      {rows.map((row) => (
        <TaskRow
          key={taskKey(row)}
          row={row}
          viewerId={viewerId}
          selectable={row.actions.reassign}
          selected={selected.has(taskKey(row))}
          onSelectedChange={(value) => onSelectedChange(taskKey(row), value)}
          actions={<TaskRowActions row={row} />}
        />
      ))}
    </Box>
  );
}

export function TaskListView(props: ViewProps) {
  const { t } = useTranslation();
  return <Rows {...props} label={t('tasks.listLabel')} />;
}

// Swimlanes: one column per step group of the page's rows, in the order they first appear.
export function groupBySwimlane(rows: readonly TaskRowData[]) {
  const lanes = new Map<string, { tag: string; name: string; rows: TaskRowData[] }>();
  for (const row of rows) {
    const lane = lanes.get(row.step_group.tag) ?? { ...row.step_group, rows: [] };
    lane.rows.push(row);
    lanes.set(row.step_group.tag, lane);
  }
  return [...lanes.values()];
}

export function TaskSwimlaneView(props: ViewProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" style={{ overflowX: 'auto' }} pb="xs">
      {groupBySwimlane(props.rows).map((lane) => (
        <Paper
          key={lane.tag}
          component="section"
          withBorder
          p="xs"
          miw={320}
          maw={420}
          style={{ flex: '1 0 320px' }}
          aria-label={t('tasks.swimlane', { name: lane.name })}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} fz="sm" dir="auto">
                {lane.name}
              </Title>
              <Text fz="xs" c="dimmed">
                {t('tasks.laneCount', { count: lane.rows.length })}
              </Text>
            </Group>
            <Rows {...props} rows={lane.rows} label={lane.name} />
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
