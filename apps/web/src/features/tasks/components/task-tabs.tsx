import { Badge, Tabs, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TASK_COUNT_LIMIT, type TaskCounts, type TaskTab } from '../api/task-contract';
import { offeredTabs } from '../lib/task-query';

type Props = { counts: TaskCounts | undefined; value: TaskTab; onChange: (tab: TaskTab) => void };

// Spec 2 §9.4: my tasks, my group's tasks, delegated tasks, and all tasks for those who may see all
// (the counts say null for a tab not offered). Each tab names its count for screen readers too.
export function TaskTabs({ counts, value, onChange }: Props) {
  const { t } = useTranslation();
  const tabs = offeredTabs(counts);
  return (
    <Tabs
      value={tabs.includes(value) ? value : 'mine'}
      onChange={(next) => onChange(tabs.find((tab) => tab === next) ?? 'mine')}
    >
      <Tabs.List aria-label={t('tasks.tabs.label')}>
        {tabs.map((tab) => {
          const raw = counts?.[tab];
          // Spec 2 §9.2 overflowCount: above the exact limit the server answers limit + 1.
          const count = typeof raw === 'number' && raw > TASK_COUNT_LIMIT ? `${TASK_COUNT_LIMIT}+` : raw;
          return (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                count !== null && count !== undefined ? (
                  <Badge size="sm" variant="light" color="gray" c="gray.9">
                    {/* Read as "My tasks: 3"; the name is the tab's own text, so it matches what is seen. */}
                    <VisuallyHidden>{t('tasks.tabs.countSeparator')}</VisuallyHidden>
                    {count}
                  </Badge>
                ) : undefined
              }
            >
              {t(`tasks.tabs.${tab}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
