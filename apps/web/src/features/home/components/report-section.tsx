import { Anchor, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from './home-card';

// "My process report": the report the configuration names (my_process_report), opened on its page.
export function ReportSection({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  return (
    <HomeCard title={t('home.report.title')} icon={<IconChartBar size={20} aria-hidden />}>
      <Text fz="sm">{t('home.report.description')}</Text>
      <Anchor component={Link} to={`/report/${reportId}`} fw={500}>
        {t('home.report.open')}
      </Anchor>
    </HomeCard>
  );
}
