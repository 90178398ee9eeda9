import type { FileAnswer } from '@attest/shared';
import { ActionIcon, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../components/user-text';

export type PendingUpload = { key: string; name: string };

export function formatSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(size);
}

// The field's files with a download link each, and the uploads still running.
export function FileList({
  files,
  uploads,
  readOnly,
  onDownload,
  onRemove,
}: {
  files: readonly FileAnswer[];
  uploads: readonly PendingUpload[];
  readOnly: boolean;
  onDownload: (file: FileAnswer) => void;
  onRemove: (file: FileAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  if (files.length === 0 && uploads.length === 0) return null;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap="xs" wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onDownload(file)}
            aria-label={t('fields.file.download', { name: file.name })}
          >
            {file.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatSize(file.size, i18n.language)}
          </Text>
          {readOnly ? null : (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('fields.file.remove', { name: file.name })}
              onClick={() => onRemove(file)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {uploads.map((upload) => (
        <Stack key={upload.key} component="li" gap={2}>
          <Text size="sm">{t('fields.file.uploading', { name: isolate(upload.name) })}</Text>
          {/* fetch reports no upload progress: a running bar until the server answers. */}
          <Progress
            value={100}
            animated
            striped
            size="sm"
            aria-label={t('fields.file.uploading', { name: upload.name })}
          />
        </Stack>
      ))}
    </Stack>
  );
}
