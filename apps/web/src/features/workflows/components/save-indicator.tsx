import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../hooks/use-answer-drafts';

// Answers save as the user goes: this says whether they are on the server yet.
export function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  if (state === 'idle') return null;
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite">
      {state === 'saving' && <Loader size={14} />}
      {state === 'saved' && <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />}
      {state === 'failed' && <IconCloudX size={16} color="var(--mantine-color-red-6)" />}
      <Text fz="sm" c={state === 'failed' ? 'red' : 'dimmed'}>
        {t(`process.save.${state}`)}
      </Text>
    </Group>
  );
}
