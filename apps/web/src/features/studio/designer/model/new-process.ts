import { joinTag, WORKFLOW_DEFINITION_SCHEMA_VERSION, type WorkflowDefinition } from '@attest/shared';
import { freeSegment, segmentOf } from './tree-edits';

export type NewProcessNames = { process: string; status: string; group: string; step: string };

// An empty process the designer can open at once: one status, one group with one step, no fields.
export function newProcess(names: NewProcessNames, takenKinds: readonly string[]): WorkflowDefinition {
  const kind = freeSegment(segmentOf(names.process, 'process'), new Set(takenKinds));
  const status = segmentOf(names.status, 'open');
  const group = joinTag(kind, segmentOf(names.group, 'group'));
  return {
    schema_version: WORKFLOW_DEFINITION_SCHEMA_VERSION,
    version: 1,
    kind: { tag: kind, name: names.process },
    statuses: [{ tag: status, display_name: names.status, color_code: '#1c7ed6' }],
    initial_status: status,
    step_groups: [
      {
        tag: group,
        name: names.group,
        steps: [{ tag: joinTag(group, segmentOf(names.step, 'step')), name: names.step, fields: [] }],
      },
    ],
  };
}
