import { useParams } from 'react-router';
import { usePermissions } from '../../features/auth';
import { useConfiguration } from '../../features/configuration';
import { DashboardPage } from '../../features/reports/components/dashboard-page';
import { DashboardsPage } from '../../features/reports/components/dashboards-page';
import { RecordsReportPage } from '../../features/reports/components/records-report-page';
import { ReportBuilderPage } from '../../features/reports/components/report-builder-page';
import { ReportPage } from '../../features/reports/components/report-page';
import { TableauPage } from '../../features/reports/components/tableau-page';
import type { ReportPermissions } from '../../features/reports/lib/report-permissions';

// The report pages (issue 7), loaded as one chunk. The app layer tells them what the user may do
// (spec 2 §6), so the reports feature does not read the auth feature.
function useReportPermissions(): ReportPermissions {
  const { can } = usePermissions();
  return {
    canAdd: can('can_add_process_report'),
    canChange: can('can_change_process_report'),
    canDelete: can('can_delete_process_report'),
  };
}

function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function DashboardsRoute() {
  return <DashboardsPage permissions={useReportPermissions()} />;
}

export function DashboardRoute() {
  const permissions = useReportPermissions();
  const id = idParam(useParams().dashboardId);
  return id === null ? null : <DashboardPage key={id} dashboardId={id} permissions={permissions} />;
}

export function ReportRoute() {
  const permissions = useReportPermissions();
  const params = useParams();
  const reportId = idParam(params.reportId);
  if (reportId === null) return null;
  return (
    <ReportPage
      key={reportId}
      reportId={reportId}
      dashboardId={params.dashboardId === undefined ? null : idParam(params.dashboardId)}
      permissions={permissions}
    />
  );
}

export function ReportBuilderRoute() {
  const params = useParams();
  const reportId = params.reportId === undefined ? null : idParam(params.reportId);
  const dashboardId = params.dashboardId === undefined ? null : idParam(params.dashboardId);
  return <ReportBuilderPage key={reportId ?? 'new'} dashboardId={dashboardId} reportId={reportId} />;
}

export function RecordsReportRoute() {
  const id = idParam(useParams().dashboardId);
  return id === null ? null : <RecordsReportPage dashboardId={id} />;
}

export function TableauRoute() {
  return <TableauPage embedUrl={useConfiguration().report_embed_url} />;
}
