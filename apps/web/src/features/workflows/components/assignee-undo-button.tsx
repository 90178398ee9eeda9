import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { actionErrorText } from '../utils/action-error-text';

type Props = { notificationId: string; name: string; undo: () => Promise<unknown> };

// The Undo of "X was removed from this step": adds them back once, then closes the notification and
// says how it went (the server may refuse, e.g. when the user no longer may change the step).
export function AssigneeUndoButton({ notificationId, name, undo }: Props) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      await undo();
      notifications.hide(notificationId);
      toast.success('process.assignees.restored', { values: { name } });
    } catch (error) {
      notifications.hide(notificationId);
      toast.error('process.assignees.undoFailed', {
        values: { name },
        message: error instanceof Error ? actionErrorText(error, t) : undefined,
      });
    }
  };
  return (
    <Button size="compact-xs" variant="subtle" ml="xs" onClick={onClick} loading={pending} disabled={pending}>
      {t('process.assignees.undo')}
    </Button>
  );
}
