import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ChangeHooks, StepIntegrations } from './apply-change.js';

// What the workflow routes use of the process's services: the integrations runner (it queues the
// runs of the steps a change opens) and the real-time publisher.
export type WorkflowRouteDeps = { integrations: StepIntegrations; realtime: RealtimePublisher };

export function changeHooks(deps: WorkflowRouteDeps): ChangeHooks {
  return { integrations: deps.integrations, realtime: deps.realtime };
}
