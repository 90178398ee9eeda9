import type { UserContext } from '../../platform/request-context.js';
import type { ImportViewer } from './batch-imports.repository.js';

// Who sees an import (docs/batch-jobs.md, Permissions): its rows hold the file's cells, which may
// name items the reader could not see otherwise. Its creator sees it; so does whoever may both view
// the pipeline and perform imports (the people who run the tenant's imports). Anyone else gets 404,
// as for another tenant's import; a batch update is likewise its creator's.
export function importViewer(ctx: UserContext): ImportViewer {
  const permissions = ctx.auth.permissions;
  return {
    userId: ctx.auth.user.id,
    seesAll: permissions.has('can_view_import_pipeline') && permissions.has('can_perform_batch_import'),
  };
}
