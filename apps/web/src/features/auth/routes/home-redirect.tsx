import { Navigate } from 'react-router';
import { usePermissions } from '../api/get-permissions';

export const DASHBOARD_PATH = '/workflows/instances';
export const HOME_PATH = '/home';

// Spec 1 section 6: the landing page depends on whether the user may view the dashboard.
export function HomeRedirect() {
  const { can } = usePermissions();
  return <Navigate to={can('can_view_dashboard') ? DASHBOARD_PATH : HOME_PATH} replace />;
}
