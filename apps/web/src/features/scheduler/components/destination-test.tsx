import { Alert, Button, Group } from '@mantine/core';
import { IconPlugConnected, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTestScheduledExportDestination } from '../api/scheduled-exports';
import { schedulerErrorText } from './error-text';
import { type Draft, destinationOf } from './scheduled-export-draft';

type Props = { draft: Draft; scheduleId: number | null };

// "Test connection" (SFTP, S3) or "Send a test e-mail", with what the form holds now; the answer
// says what failed in plain words. A test made for another destination kind is not shown.
export function DestinationTest({ draft, scheduleId }: Props) {
  const { t } = useTranslation();
  const test = useTestScheduledExportDestination();
  const shown = test.variables?.destination.kind === draft.kind ? test : null;
  const result = shown?.data;
  const error = shown?.error;
  const run = () => test.mutate({ destination: destinationOf(draft), schedule_id: scheduleId });
  const email = draft.kind === 'email';

  return (
    <>
      <Group justify="flex-start">
        <Button
          variant="light"
          size="xs"
          leftSection={email ? <IconSend size={14} /> : <IconPlugConnected size={14} />}
          onClick={run}
          loading={test.isPending}
        >
          {t(email ? 'scheduler.test.email' : 'scheduler.test.connection')}
        </Button>
      </Group>
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" role="status" py={8}>
          {t(`scheduler.test.result.${result.code}`, { defaultValue: result.message })}
        </Alert>
      ) : error ? (
        <Alert color="red" variant="light" role="alert" py={8}>
          {schedulerErrorText(t, error, 'scheduler.test.failed')}
        </Alert>
      ) : null}
    </>
  );
}
