import {
  evaluateWorkflow,
  type StepAssignee,
  type WorkflowDefinition,
  type WorkflowDetail,
  type WorkflowStep,
} from '@attest/shared';
import { SUPPLIER_ONBOARDING_DEFINITION } from '@attest/shared/testing';

const STATUS_IDS: Record<string, number> = { draft: 1, in_review: 2, approved: 3, rejected: 4 };
// The page parses a definition once per id: each demo kind keeps its own.
const DEFINITION_IDS: Record<string, number> = {
  supplier_onboarding: 21,
  risk_assessment: 31,
  contract_review: 41,
};

export function makeStep(overrides: Partial<WorkflowStep> = {}): WorkflowStep {
  return {
    tag: 'supplier_onboarding__intake__details',
    step_group_tag: 'supplier_onboarding__intake',
    state: 'enabled',
    is_locked: false,
    initiated_at: '2026-11-20T09:00:00.000Z',
    completed_at: null,
    completed_by: null,
    submit_count: 0,
    assignees: [],
    cycle_time: null,
    ageing: null,
    is_cycle_running: true,
    sla_breach_time: null,
    is_sla_breached: false,
    overdue_days: 0,
    is_my_task: false,
    can_change_assignees: true,
    integration: null,
    ...overrides,
  };
}

export const PROCUREMENT: StepAssignee = {
  id: 11,
  kind: 'group',
  user_id: null,
  group_id: 3,
  name: 'Procurement',
  email: null,
};

type Options = {
  definition?: WorkflowDefinition;
  answers?: Record<string, unknown>;
  completed?: string[];
  overrides?: Partial<WorkflowDetail>;
};

// A workflow detail as the server answers it, computed with the real engine on a real definition
// (the Supplier Onboarding demo by default).
export function makeWorkflowDetail({
  definition = SUPPLIER_ONBOARDING_DEFINITION,
  answers = {},
  completed = [],
  overrides = {},
}: Options = {}): WorkflowDetail {
  const snapshot = evaluateWorkflow(definition, { answers, completed_steps: completed });
  const status = definition.statuses.find((s) => s.tag === snapshot.status) ?? definition.statuses[0];
  const steps = definition.step_groups.flatMap((group) =>
    group.steps.map((step) =>
      makeStep({
        tag: step.tag,
        step_group_tag: group.tag,
        state: snapshot.step_states[step.tag] ?? 'disabled',
        initiated_at: snapshot.step_states[step.tag] === 'disabled' ? null : '2026-11-20T09:00:00.000Z',
        completed_at: completed.includes(step.tag) ? '2026-11-21T09:00:00.000Z' : null,
        assignees: step.assignees?.group_names?.includes('Procurement') ? [PROCUREMENT] : [],
      }),
    ),
  );
  return {
    id: 7,
    name: 'Northwind Logistics onboarding',
    kind: { id: 2, tag: definition.kind.tag, name: definition.kind.name, icon: null },
    definition_id: DEFINITION_IDS[definition.kind.tag] ?? 99,
    definition_version: definition.version,
    definition,
    status: {
      id: STATUS_IDS[status?.tag ?? 'draft'] ?? 1,
      display_name: status?.display_name ?? '',
      color_code: status?.color_code ?? '#868e96',
      tag: status?.tag ?? '',
    },
    region: { id: 1, name: 'Europe' },
    business_unit: { id: 4, name: 'Procurement EU' },
    parent: null,
    children: [],
    progress: snapshot.progress,
    is_locked: false,
    archived_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    created_by: { id: 1, name: 'Ada Lovelace', email: 'analyst@acme.test' },
    cycle_time: null,
    ageing: null,
    answers,
    answer_meta: {},
    visible_fields: snapshot.visible_fields,
    steps,
    alerts: [],
    abilities: {
      can_edit: true,
      can_submit: true,
      can_undo: true,
      can_archive: true,
      can_view_activity_log: true,
      can_view_progress_map: true,
    },
    ...overrides,
  };
}
