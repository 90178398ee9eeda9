import type { AccessLevel } from '../../db/schema.js';
import type { AccessScope } from '../../platform/auth/access-scope.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { workflowAccessRepository } from './workflow-access.repository.js';

// Region and business-unit access (issue 3) decides which workflows a user sees and changes:
// - a workflow is visible to a user with access ('read' or 'full') to its region or to its business
//   unit; otherwise it does not exist for them (404, never 403, so ids cannot be probed);
// - it is changeable (answers, submit, undo, step users, archive, children) with 'full' access to
//   either; permissions such as 'Can submit a step' are checked on top of this.
// The same rule serves one workflow (workflowAccess) and every list (visibleWorkflowsFilter), so a
// list never shows what a detail would refuse. The where-clause is in workflow-access.repository.ts.

function strongest(levels: readonly (AccessLevel | undefined)[]): AccessLevel | null {
  if (levels.includes('full')) return 'full';
  return levels.includes('read') ? 'read' : null;
}

// The access a user's grants give to a place (a region, optionally a business unit of it): the
// strongest of the grant on the region and the grant on the unit. The one rule behind creating a
// workflow (placeAccess) and offering where one may be created (creatable-kinds.service.ts).
export function placeLevel(
  scope: AccessScope,
  regionId: string,
  businessUnitId: string | null,
): AccessLevel | null {
  const region = scope.regions.find((g) => g.id === regionId);
  const unit = businessUnitId === null ? undefined : scope.businessUnits.find((g) => g.id === businessUnitId);
  return strongest([region?.access, unit?.access]);
}

// The user's access to a place (a region, optionally a business unit of it), or null for none.
export async function placeAccess(
  tx: Tx,
  userId: string,
  regionId: string,
  businessUnitId: string | null,
): Promise<AccessLevel | null> {
  const [region, unit] = await Promise.all([
    workflowAccessRepository.regionGrant(tx, userId, regionId),
    businessUnitId === null
      ? undefined
      : workflowAccessRepository.businessUnitGrant(tx, userId, businessUnitId),
  ]);
  return placeLevel(
    {
      regions: region ? [{ id: regionId, access: region.access }] : [],
      businessUnits: unit && businessUnitId !== null ? [{ id: businessUnitId, access: unit.access }] : [],
    },
    regionId,
    businessUnitId,
  );
}

// The user's access to one workflow of the transaction's tenant, or null when it does not exist,
// belongs to another tenant (RLS hides it) or lies outside the user's regions and business units.
export async function workflowAccess(
  tx: Tx,
  userId: string,
  workflowId: string,
): Promise<AccessLevel | null> {
  const workflow = await workflowAccessRepository.workflowPlace(tx, workflowId);
  if (!workflow) return null;
  return placeAccess(tx, userId, workflow.region_id, workflow.business_unit_id);
}
