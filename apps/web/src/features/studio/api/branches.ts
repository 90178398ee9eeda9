import {
  type CreateStudioBranchRequest,
  STUDIO_PATHS,
  StudioBranchSchema,
  StudioSavepointSchema,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { STUDIO_FORM_HANDLED } from './apps';
import { studioKeys } from './studio-keys';

// A branch with its working copy and revision.
export function getStudioBranch(appId: number, branchId: number, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.branch(appId, branchId), StudioBranchSchema, { signal });
}

export const studioBranchQueryOptions = (appId: number, branchId: number) =>
  queryOptions({
    queryKey: studioKeys.branch(appId, branchId),
    queryFn: ({ signal }) => getStudioBranch(appId, branchId, signal),
  });

export function useStudioBranch(appId: number, branchId: number | null) {
  return useQuery({ ...studioBranchQueryOptions(appId, branchId ?? 0), enabled: branchId !== null });
}

// A savepoint with its package (read-only).
export function getStudioSavepoint(appId: number, savepointId: number, signal?: AbortSignal) {
  return http.get(STUDIO_PATHS.savepoint(appId, savepointId), StudioSavepointSchema, { signal });
}

export const studioSavepointQueryOptions = (appId: number, savepointId: number) =>
  queryOptions({
    queryKey: studioKeys.savepoint(appId, savepointId),
    queryFn: ({ signal }) => getStudioSavepoint(appId, savepointId, signal),
    // A stored savepoint never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStudioSavepoint(appId: number, savepointId: number | null) {
  return useQuery({ ...studioSavepointQueryOptions(appId, savepointId ?? 0), enabled: savepointId !== null });
}

export function createStudioBranch(appId: number, body: CreateStudioBranchRequest) {
  return http.post(STUDIO_PATHS.branches(appId), body, StudioBranchSchema, {
    handledStatuses: STUDIO_FORM_HANDLED,
  });
}

export function useCreateStudioBranch(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStudioBranchRequest) => createStudioBranch(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.app(appId) }),
  });
}

export function createStudioSavepoint(appId: number, branchId: number, message: string) {
  return http.post(STUDIO_PATHS.savepoints(appId, branchId), { message }, StudioSavepointSchema, {
    handledStatuses: STUDIO_FORM_HANDLED,
  });
}

export function useCreateStudioSavepoint(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, message }: { branchId: number; message: string }) =>
      createStudioSavepoint(appId, branchId, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.app(appId) }),
  });
}
