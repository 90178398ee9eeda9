// The batch-imports module's public face (issue 18): registered by app.ts.
export { batchImportsRoutes } from './batch-imports.routes.js';
