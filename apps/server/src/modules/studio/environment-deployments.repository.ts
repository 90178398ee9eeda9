import type { TestEnvironment } from '../../db/schema.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Issue 15: an environment runs its app's newest deployment there.
export const environmentDeploymentsRepository = {
  newest: (tx: Tx, appId: string, environment: TestEnvironment) =>
    tx
      .selectFrom('studio_deployments')
      .select(['id', 'version_id', 'published'])
      .where('app_id', '=', appId)
      .where('environment', '=', environment)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
};
