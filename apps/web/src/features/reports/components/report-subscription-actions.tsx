import type { Report } from '@attest/shared';
import { Button, Menu } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openReportSubscriptions } from './report-subscription-modal';

type Props = { report: Pick<Report, 'id' | 'name'> };

// "Subscribe by e-mail" in a report page's header.
export function ReportSubscribeButton({ report }: Props) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} />}
      onClick={() => openReportSubscriptions(report, t)}
    >
      {t('reports.subscription.button')}
    </Button>
  );
}

// The same in a report card's menu.
export function ReportSubscribeMenuItem({ report }: Props) {
  const { t } = useTranslation();
  return (
    <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => openReportSubscriptions(report, t)}>
      {t('reports.subscription.button')}
    </Menu.Item>
  );
}
