import { AppLayout } from '../layout/app-layout';

// The signed-in frame, loaded on demand (routes.tsx): nothing here is part of the sign-in pages' chunk.
export { ExportChartRoute } from '../../features/reports/routes/export-chart-route';
export { AppLayout } from '../layout/app-layout';
export { SessionRealtime } from '../providers/session-realtime';

// Spec 1 section 2: /process/{id}/without-header shows the page alone.
export function AppLayoutWithoutHeader() {
  return <AppLayout withHeader={false} />;
}
