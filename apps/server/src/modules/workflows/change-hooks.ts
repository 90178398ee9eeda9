import type { RealtimePublisher } from '../../platform/realtime/realtime-publisher.js';
import type { ChangeHooks, StepIntegrations, TaskHooks } from './apply-change.js';

// What the workflow routes use of the process's services: the integrations runner (it queues the
// runs of the steps a change opens) and the real-time publisher.
// `tasks`: the tasks module's hooks, given by app.ts to the step action routes.
export type WorkflowRouteDeps = {
  integrations: StepIntegrations;
  realtime: RealtimePublisher;
  tasks?: TaskHooks;
};

export function changeHooks(deps: WorkflowRouteDeps): ChangeHooks {
  return { integrations: deps.integrations, realtime: deps.realtime, tasks: deps.tasks ?? null };
}
