import type { MergeBranchResponse } from '@attest/shared';
import { Code, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Conflict = MergeBranchResponse['conflicts'][number];
export type MergeSideChoice = 'ours' | 'theirs';

export type MergeConflictCardProps = {
  conflict: Conflict;
  choice: MergeSideChoice | undefined;
  onChoose: (choice: MergeSideChoice) => void;
};

// A value as the designer reads it: a missing side (the item removed) said in words, others as JSON.
function ValueView({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('studio.merge.removed')}
      </Text>
    );
  }
  return (
    <Code block dir="ltr" style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

// One conflict: what it is about, and main's value beside the branch's, each a choice.
export function MergeConflictCard({ conflict, choice, onChoose }: MergeConflictCardProps) {
  const { t } = useTranslation();
  const where = [...conflict.identity, ...conflict.path].join(' › ');
  const name = `conflict-${conflict.id}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="merge-conflict">
      <Radio.Group
        name={name}
        value={choice ?? null}
        onChange={(value) => onChoose(value as MergeSideChoice)}
        label={
          <Text fz="sm" fw={500} component="span">
            {t(`studio.merge.kinds.${conflict.kind}`, { item: t(`studio.items.${conflict.item}`) })}
          </Text>
        }
        description={
          <Text fz="xs" c="dimmed" ff="monospace" dir="ltr" component="span">
            {where}
          </Text>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {(['ours', 'theirs'] as const).map((side) => (
            <Paper
              key={side}
              withBorder
              radius="sm"
              p="xs"
              bg={choice === side ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Stack gap={6}>
                <Radio value={side} label={t(`studio.merge.${side}`)} />
                <ValueView value={conflict[side]} />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Paper>
  );
}
