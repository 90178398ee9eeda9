import {
  type AnswerRequest,
  WORKFLOW_PATHS,
  type WorkflowDetail,
  WorkflowDetailSchema,
} from '@attest/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { http } from '../../../lib/api/http-client';
import { sendWorkflowAction } from './workflow-action-error';
import { workflowKeys } from './workflow-keys';

export { workflowKeys } from './workflow-keys';

export function getWorkflow(id: number, signal?: AbortSignal) {
  return http.get(WORKFLOW_PATHS.workflow(id), WorkflowDetailSchema, { signal });
}

// While an integration step's run waits or runs, the page looks again every few seconds: the
// connector's answers and the step's finished state arrive without a reload.
export const INTEGRATION_POLL_MS = 3000;

export function hasPendingIntegration(detail: WorkflowDetail | undefined): boolean {
  return (detail?.steps ?? []).some(
    (s) => s.integration?.state === 'waiting' || s.integration?.state === 'running',
  );
}

export const workflowQueryOptions = (id: number) =>
  queryOptions({
    queryKey: workflowKeys.detail(id),
    queryFn: ({ signal }) => getWorkflow(id, signal),
    // A workflow changes under other people's hands: fresher than the app's 5-minute default.
    staleTime: 30_000,
    refetchInterval: (query) => (hasPendingIntegration(query.state.data) ? INTEGRATION_POLL_MS : false),
  });

export function useWorkflow(id: number) {
  return useQuery(workflowQueryOptions(id));
}

// Every action answers the workflow as it now is: it replaces the cached detail, and the activity
// log gains an entry.
function useApplyDetail(id: number) {
  const queryClient = useQueryClient();
  return (detail: WorkflowDetail) => {
    queryClient.setQueryData(workflowKeys.detail(id), detail);
    void queryClient.invalidateQueries({ queryKey: workflowKeys.activity(id) });
  };
}

export function saveAnswer(id: number, body: AnswerRequest) {
  return sendWorkflowAction(WORKFLOW_PATHS.answer(id), WorkflowDetailSchema, { method: 'POST', body });
}

// Saves run one after another: the server versions answers in order and the last detail it answers
// is the one the page keeps.
export function useSaveAnswer(id: number) {
  const apply = useApplyDetail(id);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useMutation({
    mutationFn: (body: AnswerRequest) => {
      const next = queue.current.catch(() => undefined).then(() => saveAnswer(id, body));
      queue.current = next;
      return next;
    },
    onSuccess: apply,
  });
}

export function useSubmitStep(id: number) {
  const apply = useApplyDetail(id);
  return useMutation({
    mutationFn: (stepTag: string) =>
      sendWorkflowAction(WORKFLOW_PATHS.submitStep(id, stepTag), WorkflowDetailSchema, {
        method: 'POST',
        body: {},
      }),
    onSuccess: apply,
  });
}

export function useUndoStep(id: number) {
  const apply = useApplyDetail(id);
  return useMutation({
    mutationFn: (stepTag: string) =>
      sendWorkflowAction(WORKFLOW_PATHS.undoStep(id, stepTag), WorkflowDetailSchema, {
        method: 'POST',
        body: {},
      }),
    onSuccess: apply,
  });
}

// A supervisor's lock ('Can undo a step' on the server): a locked step refuses answers and submission.
export function useLockStep(id: number) {
  const apply = useApplyDetail(id);
  return useMutation({
    mutationFn: ({ stepTag, isLocked }: { stepTag: string; isLocked: boolean }) =>
      sendWorkflowAction(WORKFLOW_PATHS.lockStep(id, stepTag), WorkflowDetailSchema, {
        method: 'POST',
        body: { is_locked: isLocked },
      }),
    onSuccess: apply,
  });
}

export function useArchiveWorkflow(id: number) {
  const apply = useApplyDetail(id);
  return useMutation({
    mutationFn: () =>
      sendWorkflowAction(WORKFLOW_PATHS.archive(id), WorkflowDetailSchema, {
        method: 'POST',
        body: {},
      }),
    onSuccess: apply,
  });
}
