import { flattenSteps } from '@attest/shared';
import {
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_DEFINITION,
  SUPPLIER_ONBOARDING_STEPS,
} from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { ConnectorError } from './connector.js';
import { compareNames, nameTokens } from './name-matching.js';
import { findConnector } from './registry.js';
import { sanctionsScreeningConnector } from './sanctions-screening.js';

const screeningStep = flattenSteps(SUPPLIER_ONBOARDING_DEFINITION).find(
  (s) => s.tag === SUPPLIER_ONBOARDING_STEPS.SCREENING,
);

function screen(name: string | undefined, country?: string) {
  if (!screeningStep) throw new Error('no screening step');
  return sanctionsScreeningConnector.run({
    workflow: { id: '1', name: 'Supplier' },
    definition: SUPPLIER_ONBOARDING_DEFINITION,
    step: screeningStep,
    answers: {
      ...(name !== undefined && { [F.supplierName]: name }),
      ...(country && { [F.country]: country }),
    },
  });
}

describe('name matching', () => {
  it('ignores case, accents, punctuation and legal forms', () => {
    expect(nameTokens('Banco Nacional de Cuba, S.A.')).toEqual(['banco', 'nacional', 'de', 'cuba']);
    expect(compareNames('BELARUSKALI OAO', 'Belaruskali')).toBe('exact');
    expect(compareNames('Bélaruskali', 'Belaruskali')).toBe('exact');
    expect(compareNames('Mahan Air Cargo Services', 'Mahan Air')).toBe('partial');
    expect(compareNames('Commercial Bank of Syria Trading', 'Commercial Bank of Syria')).toBe('partial');
    expect(compareNames('Air France', 'Mahan Air')).toBe('none');
    expect(compareNames('Ltd', 'Mahan Air')).toBe('none');
  });
});

describe('the sanctions_screening connector', () => {
  it('is installed under the tag the Supplier Onboarding demo names', () => {
    expect(screeningStep?.integration?.connector).toBe('sanctions_screening');
    expect(findConnector('sanctions_screening')).toBe(sanctionsScreeningConnector);
  });

  it("confirms an exact match and fills the demo step's result and notes", async () => {
    const outcome = await screen('IRISL', 'IR');
    expect(outcome.result).toMatchObject({ outcome: 'confirmed_match', sanctioned_jurisdiction: true });
    expect(outcome.answers).toEqual({
      [F.sanctionsResult]: 'confirmed_match',
      [F.sanctionsNotes]: [
        'Automatic screening of "IRISL" against the demo sanctions list.',
        'Exact match: Islamic Republic of Iran Shipping Lines (IR, Iran programme).',
        'IR is under a comprehensive sanctions programme: check ownership, agents and shipping routes.',
      ].join('\n'),
    });
  });

  it('answers no match, without notes, for an unlisted party elsewhere', async () => {
    const outcome = await screen('Contoso Cloud Services GmbH', 'DE');
    expect(outcome.result).toEqual({
      list: 'demo',
      screened_name: 'Contoso Cloud Services GmbH',
      country: 'DE',
      outcome: 'no_match',
      matches: [],
      sanctioned_jurisdiction: false,
    });
    expect(outcome.answers).toEqual({ [F.sanctionsResult]: 'no_match' });
  });

  it('refuses to screen without a name', async () => {
    await expect(screen(undefined, 'DE')).rejects.toThrow(ConnectorError);
    await expect(screen('   ')).rejects.toThrow(
      'The supplier name is not answered, so there is nobody to screen.',
    );
  });
});
