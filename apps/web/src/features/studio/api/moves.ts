import {
  type CreateWorkflowMoveRequest,
  STUDIO_MOVE_PATHS,
  type WorkflowMove,
  WorkflowMoveBackSchema,
  WorkflowMoveDetailSchema,
  WorkflowMovePreviewPageSchema,
  WorkflowMoveSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { studioKeys } from './studio-keys';

// Issue 15, moving running workflows to a version deployed to Production (docs/studio.md).
export const MOVE_PREVIEW_PAGE_SIZE = 20;
export const MOVE_RESULTS_PAGE_SIZE = 20;
// How often a queued or running move's progress is asked for.
export const MOVE_POLL_MS = 1500;
// The service answers refusals (no Production deployment, no permission) as 400/403 with a message.
const MOVE_HANDLED = [400, 403] as const;

export type MoveScope = { appId: number; versionId: number };

export function getMovePreview(
  { appId, versionId }: MoveScope,
  process: string,
  page: number,
  signal?: AbortSignal,
) {
  return http.get(STUDIO_MOVE_PATHS.preview(appId, versionId), WorkflowMovePreviewPageSchema, {
    query: { process, limit: MOVE_PREVIEW_PAGE_SIZE, offset: page * MOVE_PREVIEW_PAGE_SIZE },
    signal,
    handledStatuses: MOVE_HANDLED,
  });
}

export const movePreviewQueryOptions = (scope: MoveScope, process: string, page: number) =>
  queryOptions({
    queryKey: studioKeys.movePreview(scope.appId, scope.versionId, process, page),
    queryFn: ({ signal }) => getMovePreview(scope, process, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useMovePreview(scope: MoveScope, process: string | null, page: number) {
  return useQuery({ ...movePreviewQueryOptions(scope, process ?? '', page), enabled: process !== null });
}

export function getMove({ appId, versionId }: MoveScope, moveId: number, page: number, signal?: AbortSignal) {
  return http.get(STUDIO_MOVE_PATHS.move(appId, versionId, moveId), WorkflowMoveDetailSchema, {
    query: { limit: MOVE_RESULTS_PAGE_SIZE, offset: page * MOVE_RESULTS_PAGE_SIZE },
    signal,
  });
}

export function isMoveDone(move: Pick<WorkflowMove, 'state'>) {
  return move.state === 'finished' || move.state === 'failed';
}

// Polled while the background job walks the workflows; stops once the move finished or failed.
export const moveQueryOptions = (scope: MoveScope, moveId: number, page: number) =>
  queryOptions({
    queryKey: studioKeys.move(scope.appId, scope.versionId, moveId, page),
    queryFn: ({ signal }) => getMove(scope, moveId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && isMoveDone(query.state.data) ? false : MOVE_POLL_MS),
  });

export function useWorkflowMove(scope: MoveScope, moveId: number | null, page: number) {
  return useQuery({ ...moveQueryOptions(scope, moveId ?? 0, page), enabled: moveId !== null });
}

export function startMove({ appId, versionId }: MoveScope, request: CreateWorkflowMoveRequest) {
  return http.post(STUDIO_MOVE_PATHS.moves(appId, versionId), request, WorkflowMoveSchema, {
    handledStatuses: MOVE_HANDLED,
  });
}

export function useStartMove(scope: MoveScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWorkflowMoveRequest) => startMove(scope, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.app(scope.appId) }),
  });
}

export function moveBack({ appId, versionId }: MoveScope, moveId: number, workflowId: number) {
  return http.post(
    STUDIO_MOVE_PATHS.moveBack(appId, versionId, moveId, workflowId),
    {},
    WorkflowMoveBackSchema,
    {
      handledStatuses: MOVE_HANDLED,
    },
  );
}

export function useMoveBack(scope: MoveScope, moveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflowId: number) => moveBack(scope, moveId, workflowId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.app(scope.appId) }),
  });
}
