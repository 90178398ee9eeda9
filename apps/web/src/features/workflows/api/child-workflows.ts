import { ChildWorkflowCreatedSchema, WORKFLOW_PATHS, WorkflowDetailSchema } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { http } from '../../../lib/api/http-client';

const detailKey = (workflowId: number) => ['workflows', 'detail', workflowId] as const;
const ChildrenSchema = WorkflowDetailSchema.shape.children;

// The children come with the workflow detail the process page has loaded: read from its cache
// (without an observer of our own, which would replace the page's query options), never fetched
// again by each field.
export function useChildWorkflows(workflowId: number) {
  const queryClient = useQueryClient();
  const detail = useSyncExternalStore(
    (notify) => queryClient.getQueryCache().subscribe(notify),
    () => queryClient.getQueryData<unknown>(detailKey(workflowId)),
  );
  return useMemo(() => {
    const parsed = ChildrenSchema.safeParse((detail as { children?: unknown } | undefined)?.children);
    return parsed.success ? parsed.data : [];
  }, [detail]);
}

export function useStartChildWorkflow(workflowId: number, fieldTag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post(WORKFLOW_PATHS.childWorkflows(workflowId, fieldTag), {}, ChildWorkflowCreatedSchema),
    // The server appended the child to the field's answer: the detail shows it once refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailKey(workflowId) }),
  });
}
