import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../components/user-text';
import { toast } from '../../../../lib/notifications/toast';
import { type PlaceKind, useSetPlaceArchived } from '../../api/places';
import { errorText } from '../../lib/error-text';

type ArchiveButtonProps = { kind: PlaceKind; id: number; name: string; archived: boolean };

// Archive or restore one place. A refusal (still in use) stays on screen with the server's reason
// and counts, so the administrator knows what to move or revoke first.
export function ArchiveButton({ kind, id, name, archived }: ArchiveButtonProps) {
  const { t } = useTranslation();
  const change = useSetPlaceArchived();
  const run = () =>
    change.mutate(
      { kind, id, archived: !archived },
      {
        onSuccess: () =>
          toast.success(archived ? 'admin.places.restored' : 'admin.places.archived', {
            values: { name: isolate(name) },
          }),
      },
    );
  return (
    <Stack gap="xs" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text fz="sm" c="dimmed">
        {archived ? t('admin.places.restoreHint') : t('admin.places.archiveHint')}
      </Text>
      {change.error && (
        <Alert color="orange" variant="light" title={t('admin.places.archiveRefused')}>
          {errorText(change.error, t)}
        </Alert>
      )}
      <Button
        variant="light"
        color={archived ? 'teal' : 'red'}
        leftSection={archived ? <IconRestore size={16} /> : <IconArchive size={16} />}
        onClick={run}
        loading={change.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        {archived ? t('admin.places.restore') : t('admin.places.archive')}
      </Button>
    </Stack>
  );
}
