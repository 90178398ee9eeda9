import { type PermissionCodename, REPORT_API_MESSAGES } from '@attest/shared';
import { ForbiddenError } from '../../platform/errors.js';
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

// Report kinds that show more than the reader's workflows need one more permission, for the data
// route, the builder's preview, a subscription and each of its recipients alike: the Email Delivery
// Report counts the whole tenant's mail (administrators only); an Object Report shows records
// (issue 18: whoever may view records). Null when the reader may run the kind.
export function reportKindRefusal(
  kind: string,
  permissions: ReadonlySet<PermissionCodename>,
): ForbiddenError | null {
  if (kind === 'email_delivery' && !permissions.has('can_access_admin_settings')) {
    return new ForbiddenError(REPORT_API_MESSAGES.emailReportNeedsAdmin, 'report_needs_admin');
  }
  if (kind === 'object' && !permissions.has('can_view_records')) {
    return new ForbiddenError(REPORT_API_MESSAGES.objectReportNeedsRecords, 'report_needs_records');
  }
  return null;
}
