import { usePermissions } from '../../features/auth/api/get-permissions';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { usePersonalisedHomepage } from './use-personalised-homepage';

// Alerts load only for users who may view them (spec 1 §6).
export function DashboardRoute() {
  const personalised = usePersonalisedHomepage();
  const { can } = usePermissions();
  return <DashboardPage personalised={personalised} canViewAlerts={can('can_view_alerts')} />;
}
