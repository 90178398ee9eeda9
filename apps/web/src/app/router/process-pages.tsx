import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth';
import { LiveWorkflow } from '../../features/realtime/components/live-workflow';
import { ProcessPage as ProcessPageView } from '../../features/workflows/components/process-page';
import { ProgressMapPage as ProgressMapView } from '../../features/workflows/components/progress-map-page';
import { WizardPage as WizardView } from '../../features/workflows/components/wizard-page';
import { ProcessViewerContext } from '../../features/workflows/hooks/viewer';

// The process views (issue 4), loaded as one chunk when a workflow is opened. The app layer tells
// them who is looking (for 'Assign to me'), so the workflows feature does not read the auth feature,
// and keeps them live: the workflow's channel is heard while a view is open (issue 6).
function withViewer(View: ComponentType) {
  return function ProcessRoute() {
    const user = useSignedInUser();
    const workflowId = Number(useParams().id);
    return (
      <ProcessViewerContext.Provider value={{ userId: user.id }}>
        {Number.isSafeInteger(workflowId) && workflowId > 0 && <LiveWorkflow workflowId={workflowId} />}
        <View />
      </ProcessViewerContext.Provider>
    );
  };
}

export const ProcessPage = withViewer(ProcessPageView);
export const ProgressMapPage = withViewer(ProgressMapView);
export const WizardPage = withViewer(WizardView);
