import { PREFERENCE_PATHS } from '@attest/shared';
import { useEffect } from 'react';
import { send } from '../../../lib/api/http-client';

// Spec 1 §7 POST user-recent-activity/: opening a workflow records a view for the dashboard's
// "recently viewed" list. Best effort: a failure never disturbs the process page.
export function useRecordWorkflowView(workflowId: number): void {
  useEffect(() => {
    send(PREFERENCE_PATHS.recentActivity, {
      method: 'POST',
      body: { workflow_id: workflowId },
      handledStatuses: [401, 403, 404],
    }).catch(() => {});
  }, [workflowId]);
}
