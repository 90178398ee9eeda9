import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { recordActivity } from './workflow-activity.js';
import type { LoadedWorkflow } from './workflow-loader.js';
import { workflowPlaceRepository } from './workflow-place.repository.js';

export type WorkflowPlace = { regionId: string; businessUnitId: string | null };

// Moves a changeable workflow (loaded with loadChangeableWorkflow, so locked and checked) to another
// region or business unit (issue 18, plan §5.3). Its steps' assignees stay; the activity log keeps
// where it was. The caller checks the user's access to the new place and that the unit lies in the
// region. Answers false when the workflow is already there (nothing written).
export async function moveWorkflowPlace(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
  place: WorkflowPlace,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const { row } = loaded;
  if (row.region_id === place.regionId && row.business_unit_id === place.businessUnitId) return false;
  const at = new Date();
  await workflowPlaceRepository.set(tx, row.id, place, at);
  await recordActivity(tx, ctx.tenant.id, [
    {
      workflowId: row.id,
      action: 'updated',
      event: 'place_changed',
      actorId: ctx.auth.user.id,
      details: {
        ...details,
        old_value: { region_id: row.region_id, business_unit_id: row.business_unit_id },
        new_value: { region_id: place.regionId, business_unit_id: place.businessUnitId },
      },
      at,
    },
  ]);
  return true;
}

// The region a business unit belongs to; undefined when there is no such unit in the tenant.
export function businessUnitRegion(tx: Tx, businessUnitId: string) {
  return workflowPlaceRepository.unitRegion(tx, businessUnitId);
}
