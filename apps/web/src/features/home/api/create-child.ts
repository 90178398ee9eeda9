import { text, WORKFLOW_PATHS } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api/http-client';
import { homeKeys } from './home-keys';

export type NewChild = { parentId: number; fieldTag: string };

// What the home page needs of the answer (ChildWorkflowCreatedSchema): the child to open.
const CreatedSchema = z.object({ child: z.object({ id: z.number().int(), name: text() }) });

// A create_new_workflow shortcut starts a child through the workflow engine's own endpoint.
export function createChild({ parentId, fieldTag }: NewChild) {
  return http.post(WORKFLOW_PATHS.childWorkflows(parentId, fieldTag), {}, CreatedSchema);
}

export function useCreateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChild,
    // The new child is one the viewer requested.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeKeys.section('requested') }),
  });
}
