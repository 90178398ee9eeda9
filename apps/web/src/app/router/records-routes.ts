import type { RouteObject } from 'react-router';
import { placeholder } from './placeholder-route';

// Spec 2 section 2.3.
export const recordsRoutes: RouteObject[] = [
  placeholder('records/:objectType', 'records'),
  placeholder('records/:objectType/:objectId', 'records'),
  placeholder('records/:objectType/:objectId/:objectTab', 'records'),
  placeholder('batch-imports', 'batchImports'),
  placeholder('batch-import/:importId', 'batchImports'),
  placeholder('batch-updates', 'batchUpdates'),
  placeholder('batch-update/:updateId', 'batchUpdates'),
];
