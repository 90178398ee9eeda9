import { describe, expect, it } from 'vitest';
import {
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
  SUPPLIER_ONBOARDING_DEFINITION as SUPPLIER,
} from '../testing/index.js';
import { editAnswer } from './answer-edits.js';
import type { WorkflowState } from './progression.js';

const empty: WorkflowState = { answers: {}, completed_steps: [] };

describe('editAnswer', () => {
  it('stores the normalised answer of a visible field of an open step', () => {
    const result = editAnswer(SUPPLIER, empty, F.country, 'de');
    expect(result).toEqual({
      ok: true,
      value: 'DE',
      state: { answers: { [F.country]: 'DE' }, completed_steps: [] },
    });
  });

  it('lets a draft leave a required field empty, and clears it with null', () => {
    const result = editAnswer(
      SUPPLIER,
      { ...empty, answers: { [F.supplierName]: 'Acme' } },
      F.supplierName,
      null,
    );
    expect(result.ok && result.state.answers).toEqual({ [F.supplierName]: null });
  });

  it('refuses an invalid answer with its errors', () => {
    expect(editAnswer(SUPPLIER, empty, F.contactEmail, 'not-an-email')).toEqual({
      ok: false,
      code: 'invalid_answer',
      message: 'The answer is invalid.',
      errors: [{ code: 'invalid_email', params: {}, message: 'Enter a valid e-mail address.' }],
    });
  });

  it('refuses unknown and hidden fields, and steps that are not open', () => {
    const code = (tag: string, state = empty) => {
      const result = editAnswer(SUPPLIER, state, tag, 'x');
      return result.ok ? 'ok' : result.code;
    };
    expect(code('supplier_onboarding__intake__details__nope')).toBe('unknown_field');
    expect(code(F.sanctionsNotes)).toBe('field_hidden');
    expect(code(F.adverseMedia)).toBe('step_not_enabled');
    expect(code(F.supplierName, { answers: {}, completed_steps: [S.INTAKE] })).toBe('step_completed');
  });
});
