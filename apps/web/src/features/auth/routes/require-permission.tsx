import type { PermissionCodename } from '@attest/shared';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { StatusPage } from '../../../components/status-page';
import { usePermissions } from '../api/get-permissions';

export type RequirePermissionProps = { codename: PermissionCodename };

// The API refuses such calls anyway; this explains it instead of showing a broken page.
export function RequirePermission({ codename }: RequirePermissionProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  if (can(codename)) return <Outlet />;
  return (
    <StatusPage
      fullHeight={false}
      icon={<IconLock size={34} stroke={1.5} />}
      title={t('noAccess.title')}
      description={t('noAccess.description')}
    />
  );
}
