import { ReportBuilderPage } from './report-builder-page';

// Spec 2 §2.1 records-report/new (create object report, §3.8): the report builder with an Object
// Report preset, which reads the records of the object type chosen in it (issue 18).
export function RecordsReportPage({ dashboardId }: { dashboardId: number }) {
  return <ReportBuilderPage dashboardId={dashboardId} reportId={null} newKind="object" />;
}
