import type { WorkflowDefinition, WorkflowDetail } from '@attest/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { resolveSelection, type StepSelection } from '../utils/step-selection';

// The selected swimlane and step live in the URL (?group=&step=), so a link opens the same step.
// Selecting another replaces the entry: the back button leaves the workflow, not each click.
export function useStepSelection(detail: WorkflowDetail, definition: WorkflowDefinition) {
  const [params, setParams] = useSearchParams();
  const selection = resolveSelection(
    { definition, steps: detail.steps },
    { group: params.get('group'), step: params.get('step') },
  );
  const select = useCallback(
    (next: StepSelection) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('group', next.group);
          updated.set('step', next.step);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { selection, select };
}
