import {
  PurgeTestWorkflowsResultSchema,
  STUDIO_TEST_WORKFLOW_PATHS,
  type StartTestWorkflowRequest,
  type TestEnvironment,
  TestWorkflowsPageSchema,
  WorkflowDetailSchema,
} from '@attest/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../../lib/api/http-client';
import { studioKeys } from './studio-keys';

// Issue 15, test workflows on Development, QA, Staging and UAT (docs/studio.md).
export const TEST_WORKFLOWS_PAGE_SIZE = 10;
const TEST_WORKFLOWS_HANDLED = [400, 403] as const;

export function getTestWorkflows(environment: TestEnvironment, page: number, signal?: AbortSignal) {
  return http.get(STUDIO_TEST_WORKFLOW_PATHS.testWorkflows(environment), TestWorkflowsPageSchema, {
    query: { limit: TEST_WORKFLOWS_PAGE_SIZE, offset: page * TEST_WORKFLOWS_PAGE_SIZE },
    signal,
  });
}

export const testWorkflowsQueryOptions = (environment: TestEnvironment, page: number) =>
  queryOptions({
    queryKey: studioKeys.testWorkflows(environment, page),
    queryFn: ({ signal }) => getTestWorkflows(environment, page, signal),
    placeholderData: keepPreviousData,
  });

export function useTestWorkflows(environment: TestEnvironment, page: number) {
  return useQuery(testWorkflowsQueryOptions(environment, page));
}

export function startTestWorkflow(
  appId: number,
  environment: TestEnvironment,
  process: string,
  body: StartTestWorkflowRequest,
) {
  return http.post(
    STUDIO_TEST_WORKFLOW_PATHS.startTestWorkflow(appId, environment, process),
    body,
    WorkflowDetailSchema,
    {
      handledStatuses: TEST_WORKFLOWS_HANDLED,
    },
  );
}

export function useStartTestWorkflow(appId: number, environment: TestEnvironment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ process, body }: { process: string; body: StartTestWorkflowRequest }) =>
      startTestWorkflow(appId, environment, process, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.testWorkflows(environment) }),
  });
}

export function purgeTestWorkflows(environment: TestEnvironment) {
  return request(STUDIO_TEST_WORKFLOW_PATHS.testWorkflows(environment), PurgeTestWorkflowsResultSchema, {
    method: 'DELETE',
    handledStatuses: TEST_WORKFLOWS_HANDLED,
  });
}

export function usePurgeTestWorkflows(environment: TestEnvironment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => purgeTestWorkflows(environment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.testWorkflows(environment) }),
  });
}
