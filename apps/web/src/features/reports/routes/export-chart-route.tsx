import { Navigate, useSearchParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { decodeChartExport } from '../lib/decode-chart-export';

// Missing or unreadable data sends the visitor home, replacing the history entry.
export function ExportChartRoute() {
  const [params] = useSearchParams();
  const payload = decodeChartExport(params.get('data'));
  if (!payload) return <Navigate to="/" replace />;
  return <ComingSoon area="chartExport" />;
}
