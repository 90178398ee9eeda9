import { STUDIO_PATHS, type StudioBranch, StudioBranchSchema, type StudioWorkingCopy } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/http-client';
import { getStudioBranch } from './branches';
import { studioKeys } from './studio-keys';

// A save based on an older revision answers 409 stale_revision; the designer handles it itself.
export const STALE_REVISION_CODE = 'stale_revision';
const SAVE_HANDLED = [400, 409] as const;

export type SaveWorkingCopy = {
  appId: number;
  branchId: number;
  revision: number;
  package: StudioWorkingCopy;
};

// Replaces the branch's working copy; answers the branch with its new revision.
export function saveWorkingCopy({ appId, branchId, revision, package: pkg }: SaveWorkingCopy) {
  return request(STUDIO_PATHS.workingCopy(appId, branchId), StudioBranchSchema, {
    method: 'PUT',
    body: { revision, package: pkg },
    handledStatuses: SAVE_HANDLED,
  });
}

// The branch as it is now, past the cache: what a stale save is re-applied onto.
export function reloadStudioBranch(appId: number, branchId: number): Promise<StudioBranch> {
  return getStudioBranch(appId, branchId);
}

export function useSaveWorkingCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkingCopy,
    onSuccess: (branch, { appId }) => {
      queryClient.setQueryData(studioKeys.branch(appId, branch.id), branch);
      // The app page shows the branch's revision and time; the branch itself is already current.
      void queryClient.invalidateQueries({ queryKey: studioKeys.app(appId), exact: true });
    },
  });
}
