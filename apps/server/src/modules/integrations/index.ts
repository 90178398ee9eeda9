// The integrations module's public face: what the rest of the server may use.
export { registerIntegrationJobs } from './integration-jobs.js';
export { createIntegrationRunner, type IntegrationRunner } from './integration-runner.js';
export { integrationsRoutes } from './integrations.routes.js';
export { queueOpenIntegrationSteps } from './open-step-runs.js';
