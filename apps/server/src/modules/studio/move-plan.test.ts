import { WORKFLOW_MOVE_REASON_MESSAGES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { VENDOR_CHECK_REWORKED } from '../../test/move-fixtures.js';
import { VC, VENDOR_CHECK_DEFINITION } from '../../test/workflow-fixtures.js';
import { planMove } from './move-plan.js';

// The rules of a move by tag (issue 15): nothing a participant did may be lost.
const steps = (review: string) => [
  { step_tag: VC.intake, state: 'completed' },
  { step_tag: VC.review, state: review },
];

describe('planMove', () => {
  it('moves a workflow whose open steps and answered fields the target keeps', () => {
    const plan = planMove(
      VENDOR_CHECK_DEFINITION,
      VENDOR_CHECK_REWORKED,
      {
        steps: [
          { step_tag: VC.intake, state: 'enabled' },
          { step_tag: VC.review, state: 'disabled' },
        ],
        answered: [{ field_tag: VC.name, step_tag: VC.intake }],
      },
      [],
    );
    expect(plan).toEqual({ movable: true, reasons: [] });
  });

  it('refuses an open step the target lacks', () => {
    const plan = planMove(
      VENDOR_CHECK_DEFINITION,
      VENDOR_CHECK_REWORKED,
      { steps: steps('enabled'), answered: [] },
      [VC.intake],
    );
    expect(plan.reasons).toEqual([
      {
        code: 'open_step_removed',
        message: WORKFLOW_MOVE_REASON_MESSAGES.open_step_removed('Decision'),
        step_tag: VC.review,
        field_tag: null,
      },
    ]);
  });

  it('refuses a removed step that holds answers, and one that was submitted', () => {
    const answered = planMove(
      VENDOR_CHECK_DEFINITION,
      VENDOR_CHECK_REWORKED,
      { steps: steps('hidden'), answered: [{ field_tag: VC.decision, step_tag: VC.review }] },
      [VC.intake],
    );
    expect(answered.reasons.map((r) => [r.code, r.message])).toEqual([
      ['removed_step_with_answers', WORKFLOW_MOVE_REASON_MESSAGES.removed_step_with_answers('Decision')],
    ]);
    const submitted = planMove(
      VENDOR_CHECK_DEFINITION,
      VENDOR_CHECK_REWORKED,
      { steps: steps('completed'), answered: [] },
      [VC.intake, VC.review],
    );
    expect(submitted.reasons.map((r) => r.code)).toEqual(['submitted_step_removed']);
  });

  it('refuses an answered field the target removes from a step it keeps, and lets a moved field take its answer', () => {
    const plan = planMove(
      VENDOR_CHECK_DEFINITION,
      VENDOR_CHECK_REWORKED,
      {
        steps: [{ step_tag: VC.intake, state: 'enabled' }],
        answered: [{ field_tag: VC.notes, step_tag: VC.intake }],
      },
      [],
    );
    expect(plan.reasons).toEqual([
      {
        code: 'answered_field_removed',
        message: WORKFLOW_MOVE_REASON_MESSAGES.answered_field_removed('Notes'),
        step_tag: VC.intake,
        field_tag: VC.notes,
      },
    ]);
    // The decision field moved into the kept intake step: its answer goes along.
    const moved = {
      ...VENDOR_CHECK_REWORKED,
      step_groups: VENDOR_CHECK_REWORKED.step_groups.map((g, i) =>
        i === 0
          ? {
              ...g,
              steps: g.steps.map((s) => ({
                ...s,
                fields: [...s.fields, { tag: VC.decision, type: 'text' as const, label: 'Decision' }],
              })),
            }
          : g,
      ),
    };
    const carried = planMove(
      VENDOR_CHECK_DEFINITION,
      moved,
      { steps: steps('hidden'), answered: [{ field_tag: VC.decision, step_tag: VC.review }] },
      [VC.intake],
    );
    expect(carried).toEqual({ movable: true, reasons: [] });
  });
});
