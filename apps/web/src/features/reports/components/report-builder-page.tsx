import { HttpError, type ReportKind } from '@attest/shared';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../auth';
import { useReport } from '../api/reports';
import { ReportBuilder } from '../builder/report-builder';
import { type BuilderLabels, formOfReport } from '../lib/builder/builder-form';
import { NotFoundNote } from './not-found-note';

export type ReportBuilderPageProps = {
  // The dashboard a new report joins (null: a report standing alone) or the edited report's.
  dashboardId: number | null;
  // null: a new report.
  reportId: number | null;
  // A new report's kind (records-report/new starts an Object Report).
  newKind?: ReportKind;
};

// Spec 2 §2.1 report/new and report/{id}/edit: loads the report being edited, then the builder.
export function ReportBuilderPage({ dashboardId, reportId, newKind = 'workflow' }: ReportBuilderPageProps) {
  const { t } = useTranslation();
  const report = useReport(reportId);
  const { can } = usePermissions();
  if (reportId !== null) {
    if (report.error instanceof HttpError && report.error.status === 404) return <NotFoundNote />;
    if (!report.data) {
      return (
        <Center py="xl">
          <Loader aria-label={t('reports.view.loading')} />
        </Center>
      );
    }
  }
  const labels: BuilderLabels = {
    column: (source) => source,
    operation: (aggregation) => t(`reports.aggregations.${aggregation}`),
  };
  const { form, invalid } = formOfReport(report.data ?? null, labels, newKind);
  return (
    <ReportBuilder
      key={report.data?.updated_at ?? 'new'}
      initial={form}
      storedInvalid={invalid}
      dashboardId={report.data ? report.data.dashboard_id : dashboardId}
      reportId={reportId}
      canReportOnEmail={can('can_access_admin_settings')}
    />
  );
}
