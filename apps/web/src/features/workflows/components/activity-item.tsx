import type { ActivityEntry, WorkflowDefinition } from '@attest/shared';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../../components/time-ago';
import { IsolatedText, UserText } from '../../../components/user-text';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { actionStyle, activitySentence, entryIcon } from '../utils/activity-sentence';

export type ActivityItemProps = { entry: ActivityEntry; definition: WorkflowDefinition | null; now: Date };

// One timeline entry (spec 2 §3.11): the action's icon and colour, what happened, who and when.
export function ActivityItem({ entry, definition, now }: ActivityItemProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
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
        {/* The sentence takes the page's direction; the names in it are isolated, each in its own. */}
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <IsolatedText text={activitySentence(entry, definition, t, dates.context)} />
        </Text>
        <Group gap={6} wrap="wrap">
          <Text fz="xs" c="dimmed" fw={500}>
            <UserText>{actor}</UserText>
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
