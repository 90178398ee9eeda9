import { type MergeBranchRequest, MergeBranchResponseSchema, STUDIO_MERGE_PATHS } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { STUDIO_FORM_HANDLED } from './apps';
import { studioKeys } from './studio-keys';

// Without choices: the conflicts (nothing written) or main merged. 409: main was saved since the
// revision the designer merged onto; the dialog tells them to reload.
export function mergeStudioBranch(appId: number, branchId: number, body: MergeBranchRequest) {
  return http.post(STUDIO_MERGE_PATHS.merge(appId, branchId), body, MergeBranchResponseSchema, {
    handledStatuses: [...STUDIO_FORM_HANDLED, 409],
  });
}

export function useMergeStudioBranch(appId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, ...body }: MergeBranchRequest & { branchId: number }) =>
      mergeStudioBranch(appId, branchId, body),
    onSuccess: (answer) => {
      if (answer.merged) return queryClient.invalidateQueries({ queryKey: studioKeys.app(appId) });
    },
  });
}
