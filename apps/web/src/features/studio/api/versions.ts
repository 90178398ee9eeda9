import {
  type CreateStudioReviewRequest,
  type CreateStudioVersionRequest,
  STUDIO_PATHS,
  StudioReviewSchema,
  type StudioStage,
  StudioVersionSchema,
} from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { STUDIO_FORM_HANDLED } from './apps';
import { studioKeys } from './studio-keys';

// A version's failure reasons (spec 1 §4) come back as a 400 with the server's message; the
// dialogs and buttons show it, so 400 is handled here rather than by the app-wide toasts.
export function createStudioVersion(appId: number, body: CreateStudioVersionRequest) {
  return http.post(STUDIO_PATHS.versions(appId), body, StudioVersionSchema, {
    handledStatuses: STUDIO_FORM_HANDLED,
  });
}

export function changeStudioStage(appId: number, versionId: number, stage: StudioStage) {
  return http.post(STUDIO_PATHS.versionStage(appId, versionId), { stage }, StudioVersionSchema, {
    handledStatuses: STUDIO_FORM_HANDLED,
  });
}

export function reviewStudioVersion(appId: number, versionId: number, body: CreateStudioReviewRequest) {
  return http.post(STUDIO_PATHS.versionReviews(appId, versionId), body, StudioReviewSchema, {
    handledStatuses: STUDIO_FORM_HANDLED,
  });
}

function useRefreshStudio() {
  const queryClient = useQueryClient();
  // The list shows versions too; the records pages show stages.
  return () => queryClient.invalidateQueries({ queryKey: studioKeys.all });
}

export function useCreateStudioVersion(appId: number) {
  return useMutation({
    mutationFn: (body: CreateStudioVersionRequest) => createStudioVersion(appId, body),
    onSuccess: useRefreshStudio(),
  });
}

export function useChangeStudioStage(appId: number) {
  return useMutation({
    mutationFn: ({ versionId, stage }: { versionId: number; stage: StudioStage }) =>
      changeStudioStage(appId, versionId, stage),
    onSuccess: useRefreshStudio(),
  });
}

export function useReviewStudioVersion(appId: number) {
  return useMutation({
    mutationFn: ({ versionId, ...body }: CreateStudioReviewRequest & { versionId: number }) =>
      reviewStudioVersion(appId, versionId, body),
    onSuccess: useRefreshStudio(),
  });
}
