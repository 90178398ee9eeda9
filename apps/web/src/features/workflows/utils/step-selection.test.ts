import {
  SUPPLIER_ONBOARDING_DEFINITION as DEF,
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
} from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { resolveSelection, stepAfterSubmit } from './step-selection';

const INTAKE = 'supplier_onboarding__intake';
const DUE = 'supplier_onboarding__due_diligence';
const fresh = makeWorkflowDetail();
const sources = { definition: DEF, steps: fresh.steps };

describe('resolveSelection (deep links ?group=&step=)', () => {
  it('opens the first open step without a link', () => {
    expect(resolveSelection(sources, { group: null, step: null })).toEqual({ group: INTAKE, step: S.INTAKE });
  });

  it('opens the linked step, even one not open yet, with its own group', () => {
    expect(resolveSelection(sources, { group: INTAKE, step: S.SCREENING })).toEqual({
      group: DUE,
      step: S.SCREENING,
    });
  });

  it('opens the first step of a linked group', () => {
    expect(resolveSelection(sources, { group: DUE, step: null })).toEqual({ group: DUE, step: S.SCREENING });
  });

  it('ignores a step that does not apply or does not exist', () => {
    // The rejection step shows only after a 'reject' decision.
    expect(resolveSelection(sources, { group: null, step: S.REJECTED })?.step).toBe(S.INTAKE);
    expect(resolveSelection(sources, { group: 'nope', step: 'nope' })?.step).toBe(S.INTAKE);
  });

  it("prefers the user's own open task", () => {
    const steps = fresh.steps.map((s) => (s.tag === S.INTAKE ? { ...s, is_my_task: false } : s));
    expect(resolveSelection({ definition: DEF, steps }, { group: null, step: null })?.step).toBe(S.INTAKE);
  });
});

describe('stepAfterSubmit', () => {
  it('opens the step the submission opened', () => {
    const answers = { [F.category]: 'logistics', [F.personalData]: false };
    const before = makeWorkflowDetail({ answers }).steps;
    const after = makeWorkflowDetail({ answers, completed: [S.INTAKE] }).steps;
    expect(stepAfterSubmit(DEF, before, after)).toBe(S.SCREENING);
  });
});
