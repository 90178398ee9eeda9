import type { PermissionCodename } from '@attest/shared';
import type { Tx } from '../../platform/tenant-transaction.js';
import { reportsRepository } from './reports.repository.js';

// The rule of GET reports/{id}/, for modules that keep report ids (favourite reports): the user
// holds 'Can view process report' (the route's access rule) and the report exists in the tenant
// (row-level security hides every other tenant's). Anything else does not exist for them (404).
export const reportVisibility = {
  mayViewReports(permissions: ReadonlySet<PermissionCodename>): boolean {
    return permissions.has('can_view_process_report');
  },

  async canView(tx: Tx, permissions: ReadonlySet<PermissionCodename>, reportId: string): Promise<boolean> {
    if (!reportVisibility.mayViewReports(permissions)) return false;
    return (await reportsRepository.find(tx, reportId)) !== undefined;
  },
};
