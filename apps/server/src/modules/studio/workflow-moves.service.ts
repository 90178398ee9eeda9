import {
  type CreateWorkflowMoveRequest,
  deployForbiddenMessage,
  STUDIO_DEPLOY_PERMISSIONS,
  STUDIO_MOVE_MESSAGES,
  type WorkflowMove,
  type WorkflowMovePreviewQuery,
  type WorkflowMoveQuery,
  type WorkflowMoveReason,
} from '@attest/shared';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import {
  createDefinitionMover,
  type DroppedStep,
  loadMoveTarget,
  olderRunningWorkflows,
} from '../workflows/index.js';
import { requireEditableApp } from './app-access.js';
import { requireApp } from './apps.service.js';
import { countPlans, planBatch } from './move-batch.js';
import type { WorkflowMoveRunner } from './move-jobs.js';
import { studioVersionsRepository } from './versions.repository.js';
import { workflowMovesRepository as moves, type WorkflowMoveRow } from './workflow-moves.repository.js';

// A move back refused because of what happened to the workflow since the move.
class MoveBackRefusedError extends AppError {
  constructor(message: string) {
    super(409, 'move_back_refused', message);
  }
}

// Moving workflows and moving them back change running work: 'Can deploy to Production' (spec 2 §6),
// the permission that decides what everyone's workflows run on. Checked before anything is read.
function requireProductionDeployer(ctx: UserContext) {
  if (!ctx.auth.permissions.has(STUDIO_DEPLOY_PERMISSIONS.PRODUCTION)) {
    throw new ForbiddenError(deployForbiddenMessage('PRODUCTION'));
  }
}

// The app's version, read without the row lock a deployment takes: a preview's count or a progress
// bar's polling never holds up a deployment.
async function findVersion(tx: Tx, appId: number, versionId: number) {
  const app = await requireApp(tx, appId);
  const version = await studioVersionsRepository.find(tx, app.id, String(versionId));
  if (!version) throw new NotFoundError();
  return version;
}

// The kind's definition this version published to Production: where its workflows move to.
async function requireTarget(tx: Tx, ctx: UserContext, appId: number, versionId: number, process: string) {
  const version = await findVersion(tx, appId, versionId);
  const published = await moves.productionPublication(tx, version.id);
  if (!published) throw new BadRequestError(STUDIO_MOVE_MESSAGES.notInProduction);
  const entry = published.find((p) => p.kind_tag === process);
  if (!entry)
    throw new BadRequestError(STUDIO_MOVE_MESSAGES.processNotInVersion, {
      process: [STUDIO_MOVE_MESSAGES.processNotInVersion],
    });
  const target = await loadMoveTarget(tx, ctx.tenant.id, String(entry.definition_id));
  if (!target) throw new Error(`studio deployment names a missing definition ${entry.definition_id}`);
  return { version, target, kindTag: entry.kind_tag };
}

const targetOf = (kindTag: string, target: { definitionId: string; version: number }) => ({
  kind_tag: kindTag,
  definition_id: Number(target.definitionId),
  version: target.version,
});

// Spec: preview which running workflows of older versions can move, with the reasons of those that
// cannot; one page of them, and the movable and refused counts over all of them.
export function previewMoves(
  ctx: UserContext,
  appId: number,
  versionId: number,
  query: WorkflowMovePreviewQuery,
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { target, kindTag } = await requireTarget(tx, ctx, appId, versionId, query.process);
    const scope = { kindId: target.kindId, belowVersion: target.version, ids: null };
    const rows = await olderRunningWorkflows.page(tx, scope, { offset: query.offset, limit: query.limit });
    const planned = await planBatch(tx, ctx.tenant.id, target, rows);
    const count = await olderRunningWorkflows.count(tx, scope);
    const counts = await countPlans(tx, ctx.tenant.id, target, scope);
    return {
      target: targetOf(kindTag, target),
      count,
      movable_count: counts.movable,
      refused_count: counts.refused,
      rows: planned.map(({ row, plan }) => ({
        workflow_id: Number(row.id),
        name: row.name,
        from_version: row.version,
        movable: plan.movable,
        reasons: plan.reasons,
      })),
    };
  });
}

function toMove(row: WorkflowMoveRow): WorkflowMove {
  return {
    id: Number(row.id),
    app_id: Number(row.app_id),
    version_id: Number(row.version_id),
    target: {
      kind_tag: row.kind_tag,
      definition_id: Number(row.target_definition_id),
      version: row.target_version,
    },
    state: row.state,
    total: row.total,
    done: row.done,
    moved: row.moved,
    refused: row.refused,
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

// Starts a move job of the chosen workflows (or every running one of older versions); the job
// moves the movable ones and records each workflow's result, refused ones with their reasons.
export async function startMove(
  ctx: UserContext,
  runner: WorkflowMoveRunner,
  appId: number,
  versionId: number,
  body: CreateWorkflowMoveRequest,
): Promise<WorkflowMove> {
  requireProductionDeployer(ctx);
  const move = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    // Like a deployment, a change the app's editors make (docs/studio.md "App settings").
    await requireEditableApp(tx, ctx, appId);
    const { version, target, kindTag } = await requireTarget(tx, ctx, appId, versionId, body.process);
    const ids = body.workflow_ids
      ? [...new Set(body.workflow_ids.map(String))].sort((a, b) => Number(a) - Number(b))
      : null;
    const total = await olderRunningWorkflows.count(tx, {
      kindId: target.kindId,
      belowVersion: target.version,
      ids,
    });
    if (total === 0) throw new BadRequestError(STUDIO_MOVE_MESSAGES.noWorkflowsToMove);
    return moves.insert(tx, {
      tenant_id: ctx.tenant.id,
      app_id: version.app_id,
      version_id: version.id,
      kind_id: target.kindId,
      kind_tag: kindTag,
      target_definition_id: target.definitionId,
      target_version: target.version,
      workflow_ids: ids,
      total,
      created_by: ctx.auth.user.id,
    });
  });
  await runner.dispatch({ tenantId: ctx.tenant.id, moveId: move.id });
  return toMove(move);
}

// A move, its progress and one page of its per-workflow results.
export function getMove(
  ctx: UserContext,
  appId: number,
  versionId: number,
  moveId: number,
  query: WorkflowMoveQuery,
) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const version = await findVersion(tx, appId, versionId);
    const move = await moves.find(tx, String(moveId), { versionId: version.id });
    if (!move) throw new NotFoundError();
    const page = await moves.resultsPage(tx, move.id, query);
    return {
      move: toMove(move),
      count: page.count,
      results: page.rows.map((r) => ({
        workflow_id: Number(r.workflow_id),
        name: r.name,
        outcome: r.outcome,
        reasons: r.reasons as WorkflowMoveReason[],
        from_version: r.from_version,
        moved_at: r.moved_at.toISOString(),
        moved_back_at: r.moved_back_at?.toISOString() ?? null,
      })),
    };
  });
}

// Moves one workflow back to the version it came from, while nothing was submitted on it since the
// move: the step rows the move dropped come back, and the activity log records it.
export async function moveBack(
  ctx: UserContext,
  appId: number,
  versionId: number,
  moveId: number,
  workflowId: number,
) {
  requireProductionDeployer(ctx);
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await requireEditableApp(tx, ctx, appId);
    const version = await findVersion(tx, appId, versionId);
    const move = await moves.find(tx, String(moveId), { versionId: version.id });
    if (!move) throw new NotFoundError();
    const result = await moves.findResult(tx, move.id, String(workflowId));
    if (!result) throw new NotFoundError();
    if (result.outcome === 'moved_back')
      throw new MoveBackRefusedError(STUDIO_MOVE_MESSAGES.alreadyMovedBack);
    if (result.outcome !== 'moved') throw new MoveBackRefusedError(STUDIO_MOVE_MESSAGES.notMovedByThisMove);
    if (await olderRunningWorkflows.submittedSince(tx, result.workflow_id, result.moved_at)) {
      throw new MoveBackRefusedError(STUDIO_MOVE_MESSAGES.submittedSince);
    }
    const origin = await loadMoveTarget(tx, ctx.tenant.id, result.from_definition_id);
    if (!origin) throw new NotFoundError();
    const moveOne = await createDefinitionMover(tx, ctx.tenant.id, origin);
    const at = new Date();
    const done = await moveOne({
      workflowId: result.workflow_id,
      fromDefinitionId: move.target_definition_id,
      actorId: ctx.auth.user.id,
      at,
      restoreSteps: restoredSteps(result.dropped_steps),
      activity: {
        event: 'workflow_moved_back',
        details: { move_id: Number(move.id), from_version: move.target_version, to_version: origin.version },
      },
    });
    if (!done.moved) throw new MoveBackRefusedError(STUDIO_MOVE_MESSAGES.movedSince);
    await moves.markMovedBack(tx, move.id, result.workflow_id, ctx.auth.user.id, at);
    return { workflow_id: workflowId, definition_id: Number(origin.definitionId), version: origin.version };
  });
}

// The step rows kept as JSON by the move: their times come back as dates.
function restoredSteps(stored: unknown[]): DroppedStep[] {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  return (stored as Record<string, unknown>[]).map((s) => ({
    ...(s as unknown as DroppedStep),
    initiated_at: date(s.initiated_at),
    completed_at: date(s.completed_at),
    sla_breach_at: date(s.sla_breach_at),
  }));
}
