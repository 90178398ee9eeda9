import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';

// Issue 15, moving running workflows to a new version (docs/studio.md "Moving running workflows").
// From a version deployed to Production, a designer previews which running workflows of the kind's
// older versions can move (steps and answers map by tag), moves the chosen ones in a background job
// and may move one back while nothing was submitted on it since.
const base = '/api/v1/studio/apps';
export const STUDIO_MOVE_PATHS = {
  preview: (appId: number, versionId: number) => `${base}/${appId}/versions/${versionId}/moves/preview/`,
  moves: (appId: number, versionId: number) => `${base}/${appId}/versions/${versionId}/moves/`,
  move: (appId: number, versionId: number, moveId: number) =>
    `${base}/${appId}/versions/${versionId}/moves/${moveId}/`,
  moveBack: (appId: number, versionId: number, moveId: number, workflowId: number) =>
    `${base}/${appId}/versions/${versionId}/moves/${moveId}/workflows/${workflowId}/move-back/`,
} as const;

// At most this many workflows named in one move request (without names: every movable one).
export const MAX_MOVE_WORKFLOW_IDS = 1000;

// Why a running workflow cannot move; each reason names the step or field it concerns.
export const WORKFLOW_MOVE_REASONS = [
  'open_step_removed',
  'removed_step_with_answers',
  'submitted_step_removed',
  'answered_field_removed',
] as const;
export type WorkflowMoveReasonCode = (typeof WORKFLOW_MOVE_REASONS)[number];

export const WORKFLOW_MOVE_REASON_MESSAGES: Record<WorkflowMoveReasonCode, (name: string) => string> = {
  open_step_removed: (name) => `The step '${name}' is open and the new version no longer has it.`,
  removed_step_with_answers: (name) =>
    `The step '${name}' holds answers and the new version no longer has it.`,
  submitted_step_removed: (name) => `The step '${name}' was submitted and the new version no longer has it.`,
  answered_field_removed: (name) =>
    `The field '${name}' holds an answer and the new version no longer has it.`,
};

export const STUDIO_MOVE_MESSAGES = {
  notInProduction:
    'This version is not deployed to Production: running workflows move only to a version that new workflows start on.',
  processNotInVersion: 'This version has no process of this kind.',
  noWorkflowsToMove: 'No running workflow of an older version of this process is chosen.',
  notMovedByThisMove: 'This move did not move this workflow.',
  alreadyMovedBack: 'This workflow was already moved back.',
  movedSince: 'This workflow was moved to another version since; it cannot be moved back from here.',
  submittedSince: 'A step of this workflow was submitted after the move, so it stays on the new version.',
  moveNotFinished: 'A workflow is moved back once its move has finished.',
} as const;

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const KindTag = text().trim().min(1).max(200);
const Timestamp = text();

export const StudioMoveParamsSchema = z.object({ appId: IdParam, versionId: IdParam, moveId: IdParam });
export const StudioMoveBackParamsSchema = StudioMoveParamsSchema.extend({ workflowId: IdParam });

export const WorkflowMovePreviewQuerySchema = z.object({
  process: KindTag,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type WorkflowMovePreviewQuery = z.infer<typeof WorkflowMovePreviewQuerySchema>;

export const WorkflowMoveReasonSchema = z.object({
  code: z.enum(WORKFLOW_MOVE_REASONS),
  message: text(),
  step_tag: text().nullable(),
  field_tag: text().nullable(),
});
export type WorkflowMoveReason = z.infer<typeof WorkflowMoveReasonSchema>;

export const WorkflowMovePreviewRowSchema = z.object({
  workflow_id: Id,
  name: text(),
  from_version: z.number().int(),
  movable: z.boolean(),
  reasons: z.array(WorkflowMoveReasonSchema),
});
export type WorkflowMovePreviewRow = z.infer<typeof WorkflowMovePreviewRowSchema>;

// Where the workflows would move: the kind's definition this version published to Production.
export const WorkflowMoveTargetSchema = z.object({
  kind_tag: text(),
  definition_id: Id,
  version: z.number().int(),
});

export const WorkflowMovePreviewPageSchema = pageOf(WorkflowMovePreviewRowSchema).extend({
  target: WorkflowMoveTargetSchema,
  // Over every running workflow of older versions, not just this page.
  movable_count: z.number().int(),
  refused_count: z.number().int(),
});
export type WorkflowMovePreviewPage = z.infer<typeof WorkflowMovePreviewPageSchema>;

export const CreateWorkflowMoveRequestSchema = z
  .object({
    process: KindTag,
    // The workflows to move; left out: every movable running workflow of older versions.
    workflow_ids: z.array(Id).min(1).max(MAX_MOVE_WORKFLOW_IDS).optional(),
  })
  .strict();
export type CreateWorkflowMoveRequest = z.infer<typeof CreateWorkflowMoveRequestSchema>;

export const WORKFLOW_MOVE_STATES = ['queued', 'running', 'finished', 'failed'] as const;
export const WORKFLOW_MOVE_OUTCOMES = ['moved', 'refused', 'moved_back'] as const;

export const WorkflowMoveSchema = z.object({
  id: Id,
  app_id: Id,
  version_id: Id,
  target: WorkflowMoveTargetSchema,
  state: z.enum(WORKFLOW_MOVE_STATES),
  // Progress: done of total workflows looked at; moved and refused among them.
  total: z.number().int(),
  done: z.number().int(),
  moved: z.number().int(),
  refused: z.number().int(),
  created_by: Id.nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});
export type WorkflowMove = z.infer<typeof WorkflowMoveSchema>;

export const WorkflowMoveResultSchema = z.object({
  workflow_id: Id,
  name: text(),
  outcome: z.enum(WORKFLOW_MOVE_OUTCOMES),
  reasons: z.array(WorkflowMoveReasonSchema),
  from_version: z.number().int(),
  moved_at: Timestamp,
  moved_back_at: Timestamp.nullable(),
});
export type WorkflowMoveResult = z.infer<typeof WorkflowMoveResultSchema>;

export const WorkflowMoveQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  outcome: z.enum(WORKFLOW_MOVE_OUTCOMES).optional(),
});
export type WorkflowMoveQuery = z.infer<typeof WorkflowMoveQuerySchema>;

// A move with one page of its per-workflow results.
export const WorkflowMoveDetailSchema = WorkflowMoveSchema.extend({
  results: pageOf(WorkflowMoveResultSchema),
});
export type WorkflowMoveDetail = z.infer<typeof WorkflowMoveDetailSchema>;

// A workflow moved back: the definition (and engine version) it runs on again.
export const WorkflowMoveBackSchema = z.object({
  workflow_id: Id,
  definition_id: Id,
  version: z.number().int(),
});
export type WorkflowMoveBack = z.infer<typeof WorkflowMoveBackSchema>;
