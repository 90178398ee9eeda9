import { MAX_BATCH_UPDATE_ITEMS } from '@attest/shared';
import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadIdsFile } from '../api/ids-file';
import { refusalText } from '../lib/refusal-text';

export type ChosenIdsFile = { key: string; count: number; name: string };

// A file of ids as the selection, instead of the list's filters (plan §5): uploaded when chosen, so
// a file the server refuses (not ids, too many, not UTF-8) is told at once, with its reason.
export function IdsFilePicker({
  value,
  onChange,
}: {
  value: ChosenIdsFile | null;
  onChange: (file: ChosenIdsFile | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const upload = useUploadIdsFile();
  const [problem, setProblem] = useState<string | null>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (stored) => onChange({ key: stored.ids_file, count: stored.count, name: file.name }),
      onError: (error) => setProblem(refusalText(t, error)),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="batch-update-ids-file">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="batch-update-ids-file">
          {t('batchUpdates.idsFile.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('batchUpdates.idsFile.hint', { max: number(MAX_BATCH_UPDATE_ITEMS) })}
        </Text>
        {value ? (
          <Group gap="sm">
            <IconFileText size={18} aria-hidden />
            <Text size="sm" aria-live="polite">
              {t('batchUpdates.idsFile.chosen', { formatted: number(value.count), name: value.name })}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onChange(null)}
            >
              {t('batchUpdates.idsFile.remove')}
            </Button>
          </Group>
        ) : (
          <FileInput
            label={t('batchUpdates.idsFile.label')}
            placeholder={t('batchUpdates.idsFile.placeholder')}
            accept=".csv,.txt,text/csv,text/plain"
            w={320}
            clearable={false}
            disabled={upload.isPending}
            description={upload.isPending ? t('batchUpdates.idsFile.reading') : undefined}
            onChange={choose}
          />
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
