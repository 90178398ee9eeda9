import type { RouteObject } from 'react-router';
import { placeholder } from './placeholder-route';

// Spec 2 section 2.5.
export const flowRoutes: RouteObject[] = [
  placeholder('hermes/flows', 'flows'),
  placeholder('hermes/flows/runs', 'flowRuns'),
  placeholder('hermes/flows/issues', 'flowIssues'),
  placeholder('hermes/connections', 'connections'),
  placeholder('hermes/flows/:flowId', 'flows'),
  placeholder('hermes/:id/:branch/:savepoint', 'flows'),
];
