import { EXPORT_POLL_INTERVAL_MS, exportPercent, HttpError, type WorkflowExport } from '@attest/shared';
import { Anchor, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../../lib/i18n/i18n';
import { workflowExportDownloadUrl, workflowExportQueryOptions } from '../api/workflow-exports';
import { exportErrorKey } from './export-messages';

// Polling gives up after this many failed reads in a row (the server or the network is gone).
const MAX_POLL_FAILURES = 5;

const notificationId = (id: number) => `workflow-export-${id}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function follow(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

function progressMessage(exported: WorkflowExport) {
  const percent = exportPercent(exported);
  return (
    <Stack gap={6}>
      <Text size="sm">
        {i18n.t('exports.progress', { done: exported.rows_done, total: exported.rows_total })}
      </Text>
      <Progress value={percent} size="sm" aria-label={i18n.t('exports.progressLabel', { percent })} />
    </Stack>
  );
}

function show(exported: WorkflowExport, update: boolean) {
  const id = notificationId(exported.id);
  const title = i18n.t(`exports.state.${exported.state}`);
  const base = { id, title, withBorder: true };
  if (exported.state === 'finished') {
    const url = workflowExportDownloadUrl(exported.id);
    notifications.update({
      ...base,
      color: 'teal',
      loading: false,
      autoClose: false,
      message: (
        <Stack gap={4}>
          <Text size="sm">{i18n.t('exports.workflowExportSuccess')}</Text>
          <Anchor href={url} download={exported.file_name} size="sm">
            {i18n.t('exports.download', { file: exported.file_name })}
          </Anchor>
        </Stack>
      ),
    });
    return;
  }
  if (exported.state === 'failed') {
    notifications.update({
      ...base,
      color: 'red',
      loading: false,
      autoClose: false,
      message: i18n.t('exports.failed'),
    });
    return;
  }
  const options = {
    ...base,
    color: 'blue',
    loading: true,
    autoClose: false as const,
    message: progressMessage(exported),
  };
  if (update) notifications.update(options);
  else notifications.show(options);
}

// Shows the export's progress in one notification, read again every EXPORT_POLL_INTERVAL_MS until it
// is finished (the file downloads and a link stays) or failed. Not tied to a component: it goes on
// when the person leaves the dashboard.
export async function trackExport(
  queryClient: QueryClient,
  created: WorkflowExport,
  { intervalMs = EXPORT_POLL_INTERVAL_MS }: { intervalMs?: number } = {},
): Promise<WorkflowExport> {
  let current = created;
  show(current, false);
  let failures = 0;
  while (current.state === 'queued' || current.state === 'running') {
    await sleep(intervalMs);
    try {
      current = await queryClient.fetchQuery({ ...workflowExportQueryOptions(current.id), staleTime: 0 });
      failures = 0;
      show(current, true);
    } catch (error) {
      failures += 1;
      // A refusal (the export expired, the session ended) will not change on the next try.
      const refused = error instanceof HttpError && error.status < 500;
      if (refused || failures >= MAX_POLL_FAILURES) {
        notifications.update({
          id: notificationId(current.id),
          color: 'red',
          loading: false,
          autoClose: false,
          title: i18n.t('exports.state.failed'),
          message: i18n.t(
            exportErrorKey(error) === 'exports.networkError'
              ? 'exports.networkError'
              : 'exports.genericError',
          ),
        });
        return current;
      }
    }
  }
  if (current.state === 'finished') follow(workflowExportDownloadUrl(current.id), current.file_name);
  return current;
}
