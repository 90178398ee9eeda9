import { usePermissions } from '../../features/auth/api/get-permissions';
import { useConfiguration } from '../../features/configuration/api/use-configuration';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';

// Spec 1 §2: the dashboard's view follows the PERSONALISED_HOMEPAGE special feature; alerts load only
// for users who may view them (§6).
export function usePersonalisedHomepage(): boolean {
  return useConfiguration().custom_ui_labels.specialFeatures.includes('PERSONALISED_HOMEPAGE');
}

export function DashboardRoute() {
  const personalised = usePersonalisedHomepage();
  const { can } = usePermissions();
  return <DashboardPage personalised={personalised} canViewAlerts={can('can_view_alerts')} />;
}
