import { type ExportFormat, exportRequestFromList, type WorkflowListState } from '@attest/shared';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { usePermissions } from '../../auth';
import { createWorkflowExport } from '../api/workflow-exports';
import { exportErrorKey, reportExportError } from '../lib/export-messages';
import { trackExport } from '../lib/track-export';

export type WorkflowExportButtonProps = {
  // The kind the dashboard's kind view shows.
  kind: { id: number; name: string };
  // The list's current filters; the export holds exactly the rows the list would, in its order.
  list: Partial<WorkflowListState>;
};

// Spec 1 §2 header export icon: on the dashboard, in the kind view only (the dashboard mounts it
// there), with the 'Can export workflow data' permission (§6). A format is chosen, the export runs as
// a job and a notification follows it to the download.
export function WorkflowExportButton({ kind, list }: WorkflowExportButtonProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (format: ExportFormat) => createWorkflowExport(exportRequestFromList(kind.id, list, format)),
    onSuccess: (created) => void trackExport(queryClient, created),
    onError: (error) => {
      reportExportError(error);
      toast.error(exportErrorKey(error), { id: 'workflow-export-error' });
    },
  });
  if (!can('can_export_workflow_data')) return null;
  const label = t('exports.tooltip', { kind: kind.name });

  return (
    <Menu position="bottom-end">
      <Tooltip label={label}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            aria-label={label}
            loading={create.isPending}
          >
            <IconFileExport size={20} stroke={1.6} />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{t('exports.format')}</Menu.Label>
        <Menu.Item onClick={() => create.mutate('csv')}>{t('exports.csv')}</Menu.Item>
        <Menu.Item onClick={() => create.mutate('xlsx')}>{t('exports.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
