import { useTranslation } from 'react-i18next';
import { ToggleTabs } from '../../../components/toggle-tabs';
import { TASK_COUNT_LIMIT, type TaskCounts, type TaskTab } from '../api/task-contract';
import { offeredTabs } from '../lib/task-query';

type Props = { counts: TaskCounts | undefined; value: TaskTab; onChange: (tab: TaskTab) => void };

// Spec 2 §9.4: my tasks, my group's tasks, delegated tasks, and all tasks for those who may see all
// (the counts say null for a tab not offered). Each tab names its count for screen readers too;
// above the exact limit the server answers limit + 1, shown as "1000+" (spec 2 §9.2 overflowCount).
export function TaskTabs({ counts, value, onChange }: Props) {
  const { t } = useTranslation();
  const tabs = offeredTabs(counts);
  return (
    <ToggleTabs
      aria-label={t('tasks.tabs.label')}
      options={tabs.map((tab) => ({
        value: tab,
        label: t(`tasks.tabs.${tab}`),
        count: counts?.[tab] ?? null,
      }))}
      value={tabs.includes(value) ? value : 'mine'}
      onChange={onChange}
      overflowCount={TASK_COUNT_LIMIT}
    />
  );
}
