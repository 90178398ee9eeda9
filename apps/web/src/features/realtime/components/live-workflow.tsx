import { notificationLevel, OUTCOME_LABEL_KEYS, type RealtimeEvent } from '@attest/shared';
import { isolate } from '../../../components/user-text';
import { connectorLabel } from '../../../lib/format/connector-label';
import { i18n } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/notifications/toast';
import { integrationRunToastId } from '../../../lib/notifications/toast-ids';
import { useRealtimeEvent } from '../hooks/use-realtime-event';
import { useWorkflowChannel } from '../hooks/use-workflow-channel';
import { useRealtimeSession } from './realtime-provider';

const WATCHED = ['workflow.answered', 'workflow.step_changed', 'workflow.integration_run'] as const;

// Someone else's answer or submission: a quiet notice, one per person at a time. The page itself
// refetches through the cache (the app's event routing); drafts being typed are kept.
function isOthersEdit(event: RealtimeEvent, userId: number): boolean {
  if (!event.actor || event.actor.id === userId) return false;
  if (event.type === 'workflow.answered') return true;
  return event.type === 'workflow.step_changed' && event.data.action === 'submitted';
}

// Mounted by an open process page: listens to the workflow's channel while the page is open.
export function LiveWorkflow({ workflowId }: { workflowId: number }) {
  const session = useRealtimeSession();
  useWorkflowChannel(workflowId);
  useRealtimeEvent(WATCHED, (event) => {
    if (!session || event.workflow_id !== workflowId) return;
    if (event.type === 'workflow.integration_run') {
      if (!event.outcome) return;
      const tag = typeof event.data.connector === 'string' ? event.data.connector : '';
      const connector = tag ? connectorLabel(tag, i18n.t) : '';
      toast.at(notificationLevel(event.outcome), `realtime.outcome.${OUTCOME_LABEL_KEYS[event.outcome]}`, {
        id: integrationRunToastId(event.data.run_id, event.outcome),
        message: i18n.t('realtime.integrationRun', { connector }),
      });
      return;
    }
    if (event.actor && isOthersEdit(event, session.userId)) {
      toast.info('realtime.workflowUpdated', {
        id: `workflow-updated-${workflowId}-${event.actor.id}`,
        values: { name: isolate(event.actor.name) },
      });
    }
  });
  return null;
}
