import { Anchor, Loader, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReport } from '../api/get-report';
import { HomeCard } from './home-card';

// "My process report": the report the configuration names (my_process_report), by its name, opened
// on its page. One that is gone or not readable says so instead of offering a link that fails.
export function ReportSection({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const report = useReport(reportId);
  return (
    <HomeCard title={t('home.report.title')} icon={<IconChartBar size={20} aria-hidden />}>
      {report.isPending && <Loader size="sm" aria-label={t('home.loading')} />}
      {report.isError && (
        <Text fz="sm" c="dimmed" role="status">
          {t('home.report.unavailable')}
        </Text>
      )}
      {report.data && (
        <>
          <Anchor component={Link} to={`/report/${reportId}`} fw={500} dir="auto">
            {report.data.name}
          </Anchor>
          <Text fz="sm" c="dimmed" dir={report.data.description.trim() ? 'auto' : undefined}>
            {report.data.description.trim() || t('home.report.description')}
          </Text>
        </>
      )}
    </HomeCard>
  );
}
