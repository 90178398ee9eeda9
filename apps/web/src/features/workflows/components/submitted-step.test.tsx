import { WORKFLOW_PATHS } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProcessViewerContext } from '../hooks/viewer';
import { ProcessPage } from './process-page';

afterEach(() => vi.unstubAllGlobals());

const ANSWERS = {
  [F.supplierName]: 'Northwind Logistics GmbH',
  [F.country]: 'DE',
  [F.category]: 'logistics',
  [F.annualSpend]: { amount: 250000, currency: 'EUR' },
  [F.contractStart]: '2027-01-01',
  [F.contactEmail]: 'vendor@northwind.test',
  [F.personalData]: false,
};

function renderSubmittedIntake(abilities: { can_undo: boolean }) {
  const detail = makeWorkflowDetail({ answers: ANSWERS, completed: [S.INTAKE] });
  const withAbilities = { ...detail, abilities: { ...detail.abilities, ...abilities } };
  mockApi({
    [WORKFLOW_PATHS.workflow(7)]: { body: withAbilities },
    [WORKFLOW_PATHS.activity(7)]: { body: { count: 0, next: null, previous: null, results: [] } },
  });
  renderRoutes(
    [
      {
        path: '/process/:id',
        element: (
          <ProcessViewerContext.Provider value={{ userId: 1 }}>
            <ProcessPage />
          </ProcessViewerContext.Provider>
        ),
      },
    ],
    { url: `/process/7?step=${S.INTAKE}` },
  );
}

describe('a submitted step on the process page', () => {
  it('shows its answers as values, with Undo for who may re-open it', async () => {
    renderSubmittedIntake({ can_undo: true });
    const panel = await screen.findByRole('region', { name: 'Supplier details' });
    expect(within(panel).getByText('This step is submitted. Undo it to change its answers.')).toBeTruthy();
    // Nothing that looks like it could still be typed into.
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
    expect(within(panel).getByText('Northwind Logistics GmbH')).toBeTruthy();
    expect(within(panel).getByText('Germany')).toBeTruthy();
    expect(within(panel).getByText('€250,000.00')).toBeTruthy();
    expect(within(panel).getByText('Jan 1, 2027')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Undo step' })).toBeTruthy();
  });

  it('offers no Undo to someone who may not re-open it', async () => {
    renderSubmittedIntake({ can_undo: false });
    const panel = await screen.findByRole('region', { name: 'Supplier details' });
    expect(within(panel).getByText('Northwind Logistics GmbH')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Undo step' })).toBeNull();
  });
});
