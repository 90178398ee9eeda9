import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUndoBatchUpdate } from '../api/batch-updates';
import { refusalText } from '../lib/refusal-text';

// Undo, after a confirmation. The server refuses when items were changed since the update; its
// message (naming them) is shown in the dialog, and nothing is undone.
export function UndoButton({ updateId }: { updateId: number }) {
  const { t } = useTranslation();
  const undo = useUndoBatchUpdate(updateId);
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => {
          undo.reset();
          open();
        }}
      >
        {t('batchUpdates.undo.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('batchUpdates.undo.title')}>
        <Stack gap="md">
          <Text size="sm">{t('batchUpdates.undo.confirm')}</Text>
          {undo.error && (
            <Alert color="red" role="alert">
              {refusalText(t, undo.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('batchUpdates.undo.cancel')}
            </Button>
            <Button
              color="orange"
              loading={undo.isPending}
              onClick={() => undo.mutate(undefined, { onSuccess: close })}
            >
              {t('batchUpdates.undo.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
