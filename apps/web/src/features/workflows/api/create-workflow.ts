import { type CreateWorkflowRequest, WORKFLOW_PATHS, WorkflowDetailSchema } from '@attest/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendWorkflowAction } from './workflow-action-error';
import { workflowKeys } from './workflow-keys';

export function createWorkflow(body: CreateWorkflowRequest) {
  return sendWorkflowAction(WORKFLOW_PATHS.workflows, WorkflowDetailSchema, { method: 'POST', body });
}

// The new workflow's detail is cached, so its page opens without another call.
export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: (detail) => queryClient.setQueryData(workflowKeys.detail(detail.id), detail),
  });
}
