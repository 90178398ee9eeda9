import { workflowChannel } from '@attest/shared';
import { useEffect } from 'react';
import { useRealtimeSession } from '../components/realtime-provider';

// Listens to a workflow's channel while the component is mounted. Reference-counted: two views of
// one workflow share the join, and the last to go sends the leave. Re-joined after a reconnect.
export function useWorkflowChannel(workflowId: number | null | undefined): void {
  const session = useRealtimeSession();
  useEffect(() => {
    if (!session || !workflowId) return;
    return session.client.hold(workflowChannel(session.tenantId, workflowId));
  }, [session, workflowId]);
}
