import type { FastifyInstance } from 'fastify';
import type { ChangeHooks, StepIntegrations } from './apply-change.js';

// The integrations runner, when the app has one (modules/integrations decorates the app with it), and
// the app's real-time publisher.
export function changeHooks(app: FastifyInstance): ChangeHooks {
  const integrations = (app as FastifyInstance & { integrations?: StepIntegrations }).integrations;
  return { integrations: integrations ?? null, realtime: app.realtime };
}
