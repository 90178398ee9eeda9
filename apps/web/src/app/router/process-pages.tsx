import type { ComponentType } from 'react';
import { useSignedInUser } from '../../features/auth/api/use-signed-in-user';
import { ProcessPage as ProcessPageView } from '../../features/workflows/components/process-page';
import { ProgressMapPage as ProgressMapView } from '../../features/workflows/components/progress-map-page';
import { WizardPage as WizardView } from '../../features/workflows/components/wizard-page';
import { ProcessViewerContext } from '../../features/workflows/hooks/viewer';

// The process views (issue 4), loaded as one chunk when a workflow is opened. The app layer tells
// them who is looking (for 'Assign to me'), so the workflows feature does not read the auth feature.
function withViewer(View: ComponentType) {
  return function ProcessRoute() {
    const user = useSignedInUser();
    return (
      <ProcessViewerContext.Provider value={{ userId: user.id }}>
        <View />
      </ProcessViewerContext.Provider>
    );
  };
}

export const ProcessPage = withViewer(ProcessPageView);
export const ProgressMapPage = withViewer(ProgressMapView);
export const WizardPage = withViewer(WizardView);
