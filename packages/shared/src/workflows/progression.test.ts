import { describe, expect, it } from 'vitest';
import {
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
  SUPPLIER_ONBOARDING_DEFINITION as SUPPLIER,
} from '../testing/index.js';
import type { WorkflowDefinition } from './definition-schema.js';
import {
  checkSubmission,
  evaluateWorkflow,
  type StepActionRefusal,
  type StepTransition,
  submitStep,
  undoStep,
  type WorkflowState,
} from './progression.js';

const intake = {
  [F.supplierName]: 'Northwind Logistics GmbH',
  [F.website]: 'https://northwind.example.com',
  [F.country]: 'DE',
  [F.category]: 'it_services',
  [F.annualSpend]: { amount: 250_000, currency: 'EUR' },
  [F.contractStart]: '2026-04-01',
  [F.certificate]: { id: 1, name: 'iso27001.pdf', size: 1024, content_type: 'application/pdf' },
  [F.contactEmail]: 'vendor-risk@northwind.example.com',
  [F.personalData]: false,
};
const screening = { [F.sanctionsResult]: 'no_match', [F.adverseMedia]: false };
const risk = { [F.riskAssessments]: [41], [F.inherentRisk]: 'low' };
const security = {
  [F.securityReport]: [{ id: 2, name: 'soc2.pdf', size: 2048, content_type: 'application/pdf' }],
  [F.securityRating]: 4,
};

function state(answers: WorkflowState['answers'], completed: string[] = []): WorkflowState {
  return { answers, completed_steps: completed };
}

function transition(result: StepTransition | StepActionRefusal): StepTransition {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

describe('a fresh Supplier Onboarding', () => {
  const snapshot = evaluateWorkflow(SUPPLIER, state({}));

  it('starts in Draft with only the intake open', () => {
    expect(snapshot.status).toBe('draft');
    expect(snapshot.progress).toBe(0);
    expect(snapshot.enabled_steps).toEqual([S.INTAKE]);
    expect(snapshot.alerts).toEqual([]);
  });

  it('hides the steps and fields whose conditions do not hold yet', () => {
    expect(snapshot.visible_steps).toEqual([S.INTAKE, S.SCREENING, S.RISK, S.DECISION]);
    expect(snapshot.step_states).toEqual({
      [S.INTAKE]: 'enabled',
      [S.SCREENING]: 'disabled',
      [S.RISK]: 'disabled',
      [S.SECURITY]: 'hidden',
      [S.DECISION]: 'disabled',
      [S.APPROVED]: 'hidden',
      [S.REJECTED]: 'hidden',
    });
    expect(snapshot.visible_fields).not.toContain(F.sanctionsNotes);
    expect(snapshot.visible_fields).not.toContain(F.dpaSigned);
    expect(snapshot.visible_fields).toContain(F.supplierName);
  });
});

describe('submitting a step', () => {
  it('is refused with every missing required answer, and optional ones left out', () => {
    const result = checkSubmission(
      SUPPLIER,
      state({ [F.supplierName]: 'Northwind', [F.country]: 'XX' }),
      S.INTAKE,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('invalid_answers');
    expect(result.message).toBe('Some answers are missing or invalid.');
    expect(result.problems.map((p) => [p.field_tag, p.errors.map((e) => e.code)])).toEqual([
      [F.country, ['invalid_country']],
      [F.category, ['required']],
      [F.annualSpend, ['required']],
      [F.contractStart, ['required']],
      [F.certificate, ['required']],
      [F.contactEmail, ['required']],
      [F.personalData, ['required']],
    ]);
  });

  it('completes the step, opens the next one and sets the status', () => {
    const result = transition(submitStep(SUPPLIER, state(intake), S.INTAKE));
    expect(result.state.completed_steps).toEqual([S.INTAKE]);
    expect(result.enabled_steps).toEqual([S.SCREENING]);
    expect(result.disabled_steps).toEqual([]);
    expect(result.status_before).toBe('draft');
    expect(result.status_after).toBe('in_review');
    // An IT supplier needs the security review, which now shows.
    expect(result.snapshot.visible_steps).toContain(S.SECURITY);
    expect(result.snapshot.progress).toBe(20);
  });

  it('refuses unknown, hidden, completed and not yet enabled steps', () => {
    const codes = (tag: string, s = state(intake)) => {
      const result = submitStep(SUPPLIER, s, tag);
      return result.ok ? 'ok' : result.code;
    };
    expect(codes('supplier_onboarding__intake__nope')).toBe('unknown_step');
    expect(codes(S.APPROVED)).toBe('step_hidden');
    expect(codes(S.SCREENING)).toBe('step_not_enabled');
    expect(codes(S.INTAKE, state(intake, [S.INTAKE]))).toBe('step_completed');
  });

  it('requires a field only while it shows', () => {
    const potential = { ...intake, ...screening, [F.sanctionsResult]: 'potential_match' };
    const refused = checkSubmission(SUPPLIER, state(potential, [S.INTAKE]), S.SCREENING);
    expect(refused.ok ? [] : refused.problems.map((p) => p.field_tag)).toEqual([F.sanctionsNotes]);
    // A stale, even invalid, answer to a field that no longer shows is ignored.
    const cleared = { ...intake, ...screening, [F.sanctionsNotes]: 42 };
    expect(checkSubmission(SUPPLIER, state(cleared, [S.INTAKE]), S.SCREENING)).toEqual({ ok: true });
  });

  it('skips a hidden step: the next visible one opens after the one before it', () => {
    const noSecurity = { ...intake, [F.category]: 'logistics', ...screening, ...risk };
    const snapshot = evaluateWorkflow(SUPPLIER, state(noSecurity, [S.INTAKE, S.SCREENING, S.RISK]));
    expect(snapshot.step_states[S.SECURITY]).toBe('hidden');
    expect(snapshot.enabled_steps).toEqual([S.DECISION]);
    expect(snapshot.progress).toBe(75);
  });

  it('walks the whole process to Approved, then 100%', () => {
    let current = state({ ...intake, ...screening, ...risk, ...security });
    for (const step of [S.INTAKE, S.SCREENING, S.RISK, S.SECURITY]) {
      current = transition(submitStep(SUPPLIER, current, step)).state;
    }
    current = {
      ...current,
      answers: { ...current.answers, [F.decision]: 'approve', [F.rationale]: 'Low risk, strong controls.' },
    };
    const decided = transition(submitStep(SUPPLIER, current, S.DECISION));
    expect(decided.enabled_steps).toEqual([S.APPROVED]);
    expect(decided.snapshot.step_states[S.REJECTED]).toBe('hidden');
    const approved = transition(submitStep(SUPPLIER, decided.state, S.APPROVED));
    expect(approved.status_after).toBe('approved');
    expect(approved.snapshot.progress).toBe(100);
    expect(approved.snapshot.enabled_steps).toEqual([]);
  });
});

describe('undoing a step', () => {
  const answers = { ...intake, ...screening, ...risk };

  it('re-opens it and closes the steps it had opened', () => {
    const result = transition(undoStep(SUPPLIER, state(answers, [S.INTAKE, S.SCREENING, S.RISK]), S.RISK));
    expect(result.state.completed_steps).toEqual([S.INTAKE, S.SCREENING]);
    expect(result.enabled_steps).toEqual([S.RISK]);
    expect(result.disabled_steps).toEqual([S.SECURITY]);
    expect(result.status_after).toBe('in_review');
  });

  it('keeps later completed steps completed', () => {
    const completed = [S.INTAKE, S.SCREENING, S.RISK];
    const result = transition(undoStep(SUPPLIER, state(answers, completed), S.SCREENING));
    expect(result.snapshot.step_states[S.RISK]).toBe('completed');
    expect(result.snapshot.step_states[S.SCREENING]).toBe('enabled');
    // The security review waits on the risk step only, which stays completed.
    expect(result.disabled_steps).toEqual([]);
  });

  it('gives back the status from before the step', () => {
    const result = transition(undoStep(SUPPLIER, state(intake, [S.INTAKE]), S.INTAKE));
    expect(result.status_before).toBe('in_review');
    expect(result.status_after).toBe('draft');
    expect(result.disabled_steps).toEqual([S.SCREENING]);
  });

  it('lets a changed decision take over from a closing step that no longer applies', () => {
    const answers = {
      ...intake,
      ...screening,
      ...risk,
      ...security,
      [F.rationale]: 'Reviewed by the committee.',
    };
    const steps = [S.INTAKE, S.SCREENING, S.RISK, S.SECURITY, S.DECISION, S.APPROVED];
    const approved = state({ ...answers, [F.decision]: 'approve' }, steps);
    expect(evaluateWorkflow(SUPPLIER, approved).status).toBe('approved');
    const reopened = transition(undoStep(SUPPLIER, approved, S.DECISION)).state;
    const rejecting = { ...reopened, answers: { ...reopened.answers, [F.decision]: 'reject' } };
    // The approval step stays on record but is hidden now, so its status no longer counts.
    expect(evaluateWorkflow(SUPPLIER, rejecting).status).toBe('in_review');
    const decided = transition(submitStep(SUPPLIER, rejecting, S.DECISION));
    expect(decided.enabled_steps).toEqual([S.REJECTED]);
    const rejected = transition(
      submitStep(
        SUPPLIER,
        { ...decided.state, answers: { ...decided.state.answers, [F.rejectionNote]: 'Sorry.' } },
        S.REJECTED,
      ),
    );
    expect(rejected.status_after).toBe('rejected');
    expect(rejected.snapshot.progress).toBe(100);
  });

  it('refuses a step that is not completed or does not exist', () => {
    expect(undoStep(SUPPLIER, state({}), S.INTAKE)).toMatchObject({ ok: false, code: 'step_not_completed' });
    expect(undoStep(SUPPLIER, state({}), 'x__y__z')).toMatchObject({
      ok: false,
      code: 'unknown_step',
      message: 'This step does not exist in the workflow.',
    });
  });
});

describe('alerts', () => {
  it('raises alerts from answers, with colour, tag and where they sit', () => {
    const answers = { ...intake, [F.country]: 'RU', [F.sanctionsResult]: 'confirmed_match' };
    expect(evaluateWorkflow(SUPPLIER, state(answers)).alerts).toEqual([
      {
        rule_tag: 'sanctions_confirmed',
        alert_tag: 'sanctions_hit',
        cat_color_label: 'R',
        step_group_tag: 'supplier_onboarding__due_diligence',
        step_tag: S.SCREENING,
        field_tag: F.sanctionsResult,
      },
      {
        rule_tag: 'high_risk_jurisdiction',
        alert_tag: 'high_risk_jurisdiction',
        cat_color_label: 'R',
        step_group_tag: 'supplier_onboarding__intake',
        step_tag: S.INTAKE,
        field_tag: F.country,
      },
    ]);
  });

  it('combines conditions, and attaches step alerts with no field', () => {
    const alerts = evaluateWorkflow(SUPPLIER, state({ ...intake, ...screening, ...risk })).alerts;
    expect(alerts).toEqual([
      {
        rule_tag: 'low_risk_supplier',
        alert_tag: 'low_risk',
        cat_color_label: 'G',
        step_group_tag: 'supplier_onboarding__due_diligence',
        step_tag: S.RISK,
        field_tag: null,
      },
    ]);
  });
});

describe('hand-over rules', () => {
  const steps = ['a', 'b', 'c', 'd'].map((s) => ({ tag: `k__g__${s}`, name: s, fields: [] }));
  const base: WorkflowDefinition = {
    schema_version: 1,
    version: 1,
    kind: { tag: 'k', name: 'K' },
    statuses: [{ tag: 'open', display_name: 'Open', color_code: '#000' }],
    initial_status: 'open',
    step_groups: [{ tag: 'k__g', name: 'G', steps }],
  };

  it('opens parallel branches together and joins them when all are done', () => {
    const [a, b, c, d] = steps.map((s) => s.tag) as [string, string, string, string];
    const parallel: WorkflowDefinition = {
      ...base,
      step_groups: [
        {
          tag: 'k__g',
          name: 'G',
          steps: [
            { ...steps[0], tag: a, name: 'a', fields: [], enables: [b, c] },
            { tag: b, name: 'b', fields: [], enables: [d] },
            { tag: c, name: 'c', fields: [] },
            { tag: d, name: 'd', fields: [] },
          ],
        },
      ],
    };
    expect(evaluateWorkflow(parallel, state({}, [a])).enabled_steps).toEqual([b, c]);
    expect(evaluateWorkflow(parallel, state({}, [a, b])).enabled_steps).toEqual([c]);
    expect(evaluateWorkflow(parallel, state({}, [a, b, c])).enabled_steps).toEqual([d]);
  });

  it('opens from the start a step nobody hands over to', () => {
    const [a, b, c] = steps.map((s) => s.tag) as [string, string, string];
    const skip: WorkflowDefinition = {
      ...base,
      step_groups: [
        {
          tag: 'k__g',
          name: 'G',
          steps: [
            { tag: a, name: 'a', fields: [], enables: [c] },
            { tag: b, name: 'b', fields: [] },
            { tag: c, name: 'c', fields: [] },
          ],
        },
      ],
    };
    expect(evaluateWorkflow(skip, state({})).enabled_steps).toEqual([a, b]);
  });

  it('counts progress over visible steps only, rounded', () => {
    const [a] = steps.map((s) => s.tag) as [string];
    expect(evaluateWorkflow(base, state({}, [a])).progress).toBe(25);
    const none: WorkflowDefinition = {
      ...base,
      step_groups: [
        {
          tag: 'k__g',
          name: 'G',
          steps: [
            {
              ...steps[0],
              tag: a,
              name: 'a',
              fields: [],
              visible_when: { field: 'k__g__a__x', op: 'is_set' },
            },
          ],
        },
      ],
    };
    expect(evaluateWorkflow(none, state({})).progress).toBe(0);
  });
});
