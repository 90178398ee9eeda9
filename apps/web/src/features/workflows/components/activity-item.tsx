import type { ActivityEntry, WorkflowDefinition } from '@attest/shared';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../../components/time-ago';
import { actionStyle, activitySentence, entryIcon } from '../utils/activity-sentence';

export type ActivityItemProps = { entry: ActivityEntry; definition: WorkflowDefinition | null; now: Date };

// One timeline entry (spec 2 §3.11): the action's icon and colour, what happened, who and when.
export function ActivityItem({ entry, definition, now }: ActivityItemProps) {
  const { t, i18n } = useTranslation();
  const Icon = entryIcon(entry);
  const actor = entry.actor ? entry.actor.name || entry.actor.email : t('process.activity.system');
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py="sm"
      style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
    >
      <ThemeIcon variant="light" radius="xl" size={30} color={actionStyle(entry.action).color} aria-hidden>
        <Icon size={16} stroke={1.7} />
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {activitySentence(entry, definition, t, i18n.language)}
        </Text>
        <Group gap={6} wrap="wrap">
          <Text fz="xs" c="dimmed" fw={500}>
            {actor}
          </Text>
          <Text fz="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <TimeAgo value={entry.created_at} now={now} />
        </Group>
      </Stack>
    </Group>
  );
}
