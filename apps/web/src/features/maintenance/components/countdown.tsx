import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countdownParts } from '../../../lib/format/countdown';

export type CountdownProps = { remainingMs: number };

export function Countdown({ remainingMs }: CountdownProps) {
  const { t } = useTranslation();
  const parts = countdownParts(remainingMs);
  return (
    <Group justify="center" gap="sm" role="timer" aria-live="off" dir="ltr">
      {parts.map((part) => (
        <Paper key={part.unit} withBorder radius="md" w={84} py="sm" shadow="xs">
          <Stack gap={2} align="center">
            <Text
              fz={30}
              fw={650}
              lh={1.1}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-unit={part.unit}
            >
              {part.value}
            </Text>
            <Text fz="xs" c="dimmed" tt="uppercase" lts={0.8}>
              {t(`maintenance.units.${part.unit}`)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
