import type { Dashboard } from '@attest/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useDeleteDashboard } from '../api/dashboards';
import type { ReportPermissions } from '../lib/report-permissions';

export type DashboardMenuProps = {
  dashboard: Dashboard;
  permissions: ReportPermissions;
  onRename: () => void;
  onDeleted?: () => void;
};

// Rename and delete, each shown only with its permission (spec 2 §6); nothing when neither is allowed.
export function DashboardMenu({ dashboard, permissions, onRename, onDeleted }: DashboardMenuProps) {
  const { t } = useTranslation();
  const remove = useDeleteDashboard();
  if (!permissions.canChange && !permissions.canDelete) return null;

  const confirmDelete = () =>
    confirmAction({
      title: 'reports.dashboards.deleteTitle',
      body: 'reports.dashboards.deleteConfirm',
      confirm: 'reports.delete',
      values: { name: isolate(dashboard.name) },
      onConfirm: () =>
        remove.mutate(dashboard.id, {
          onSuccess: () => {
            toast.success('reports.dashboards.deleted', { values: { name: isolate(dashboard.name) } });
            onDeleted?.();
          },
        }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('reports.dashboards.menu', { name: dashboard.name })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {permissions.canChange && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
            {t('reports.dashboards.rename')}
          </Menu.Item>
        )}
        {permissions.canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            {t('reports.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
