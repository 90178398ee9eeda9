import { usePermissions, useSignedInUser } from '../../features/auth';
import { useConfiguration } from '../../features/configuration';
import { usePreferredRegion } from '../../features/workflow-list/api/preferred-region';
import { DashboardPage } from '../../features/workflow-list/components/dashboard-page';
import { usePersonalisedHomepage } from './use-personalised-homepage';

// Alerts load only for users who may view them (spec 1 §6); batch updates are offered only with
// can_perform_batch_import (plan §3).
export function DashboardRoute() {
  const personalised = usePersonalisedHomepage();
  const { can } = usePermissions();
  const preferredRegion = usePreferredRegion(useSignedInUser().user_profile_workflow);
  const placeholders = useConfiguration().custom_ui_labels.filter_placeholders;
  return (
    <DashboardPage
      personalised={personalised}
      canViewAlerts={can('can_view_alerts')}
      preferredRegionId={preferredRegion.data ?? null}
      canBatchUpdate={can('can_perform_batch_import')}
      filterPlaceholders={placeholders}
    />
  );
}
