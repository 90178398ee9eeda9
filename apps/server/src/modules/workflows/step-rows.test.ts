import { evaluateWorkflow, type WorkflowState } from '@attest/shared';
import { SUPPLIER_ONBOARDING_DEFINITION as D } from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { VENDOR_CHECK_DEFINITION as V, VC } from '../../test/workflow-fixtures.js';
import { alertChanges, cycleEnd, deriveStepRows, type StepRow } from './step-rows.js';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const byTag = (rows: StepRow[]) => new Map(rows.map((r) => [r.step_tag, r]));
const snap = (state: WorkflowState) => evaluateWorkflow(V, state);

describe('deriveStepRows', () => {
  it('opens the first step at creation with its SLA, in definition order', () => {
    const rows = deriveStepRows(V, snap({ answers: {}, completed_steps: [] }), null, at(1), null);
    expect(rows.map((r) => [r.step_tag, r.position, r.state])).toEqual([
      [VC.intake, 0, 'enabled'],
      [VC.review, 1, 'disabled'],
    ]);
    expect(rows[0]).toMatchObject({ initiated_at: at(1), sla_hours: 24, sla_breach_at: at(2) });
    expect(rows[1]).toMatchObject({
      initiated_at: null,
      sla_breach_at: null,
      step_group_tag: 'vendor_check__review',
    });
  });

  it('stamps a submission, opens the next step then, and restarts the clock of an undone step', () => {
    const answers = { [VC.name]: 'Acme' };
    const created = deriveStepRows(V, snap({ answers, completed_steps: [] }), null, at(1), null);
    const submitted = deriveStepRows(
      V,
      snap({ answers, completed_steps: [VC.intake] }),
      byTag(created),
      at(3),
      {
        type: 'submit',
        step: VC.intake,
        by: '7',
      },
    );
    expect(submitted[0]).toMatchObject({
      state: 'completed',
      initiated_at: at(1),
      completed_at: at(3),
      completed_by: '7',
      submit_count: 1,
    });
    expect(submitted[1]).toMatchObject({ state: 'enabled', initiated_at: at(3) });
    const undone = deriveStepRows(V, snap({ answers, completed_steps: [] }), byTag(submitted), at(4), {
      type: 'undo',
      step: VC.intake,
    });
    expect(undone[0]).toMatchObject({
      state: 'enabled',
      initiated_at: at(4),
      completed_at: null,
      completed_by: null,
      submit_count: 1,
    });
    // The step it had opened closes again and its clock no longer runs.
    expect(undone[1]).toMatchObject({ state: 'disabled', initiated_at: null, sla_breach_at: null });
  });
});

describe('cycleEnd and alertChanges', () => {
  it('ends the cycle once nothing is open and keeps the first end', () => {
    const done = evaluateWorkflow(V, { answers: {}, completed_steps: [VC.intake, VC.review] });
    expect(cycleEnd(done, [VC.intake, VC.review], null, at(5))).toEqual(at(5));
    expect(cycleEnd(done, [VC.intake, VC.review], at(4), at(5))).toEqual(at(4));
    const open = evaluateWorkflow(V, { answers: {}, completed_steps: [VC.intake] });
    expect(cycleEnd(open, [VC.intake], at(4), at(5))).toBeNull();
  });

  it('raises what is new and resolves what is gone', () => {
    const raised = evaluateWorkflow(D, {
      answers: { [`${D.step_groups[0]?.steps[0]?.tag}__country`]: 'RU' },
      completed_steps: [],
    }).alerts;
    expect(raised.map((a) => a.rule_tag)).toEqual(['high_risk_jurisdiction']);
    expect(alertChanges(new Map([['adverse_media', '9']]), raised)).toEqual({
      raise: raised,
      resolve: ['9'],
    });
    expect(alertChanges(new Map([['high_risk_jurisdiction', '3']]), raised)).toEqual({
      raise: [],
      resolve: [],
    });
  });
});
