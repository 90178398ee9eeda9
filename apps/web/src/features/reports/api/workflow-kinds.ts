import { WORKFLOW_PATHS, WorkflowKindsPageSchema } from '@attest/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { reportKeys } from './report-keys';

// The kinds a workflow report can be limited to (spec 1 §7: workflow-kinds/?limit=200).
export function useReportWorkflowKinds() {
  return useQuery({
    queryKey: [...reportKeys.all, 'workflow-kinds'],
    queryFn: async () =>
      (await http.get(WORKFLOW_PATHS.kinds, WorkflowKindsPageSchema, { query: { limit: 200 } })).results,
  });
}
