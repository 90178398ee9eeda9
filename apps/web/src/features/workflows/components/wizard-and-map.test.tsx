import { WORKFLOW_PATHS, type WorkflowDetail } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProgressMapPage } from './progress-map-page';
import { WizardPage } from './wizard-page';

afterEach(() => vi.unstubAllGlobals());

function mockDetail(detail: WorkflowDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      new URL(String(input), 'http://acme.localhost').pathname === WORKFLOW_PATHS.workflow(detail.id)
        ? jsonResponse({ body: detail })
        : jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }),
    ),
  );
}

// Intake submitted: screening is open, the rest waits.
const afterIntake = () =>
  makeWorkflowDetail({
    answers: { [F.category]: 'logistics', [F.personalData]: false },
    completed: [S.INTAKE],
  });

describe('wizard', () => {
  it('walks the steps that apply with Back and Next, never past the first one not submitted', async () => {
    mockDetail(afterIntake());
    const { router } = renderRoutes([{ path: '/process/:id/wizard', element: <WizardPage /> }], {
      url: '/process/7/wizard/',
    });
    const panel = await screen.findByRole('region', { name: 'Sanctions and adverse media screening' });
    expect(panel).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('region', { name: 'Supplier details' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('step')).toBe(S.INTAKE);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Sanctions and adverse media screening' })).toBeTruthy(),
    );
    // The security review does not apply to a logistics supplier without personal data.
    expect(screen.queryByText('Information security review')).toBeNull();
  });
});

describe('progress map', () => {
  it('draws every step in its state, each a link to the step on the process page', async () => {
    mockDetail(afterIntake());
    renderRoutes([{ path: '/process/:id/map', element: <ProgressMapPage /> }], { url: '/process/7/map' });
    const done = await screen.findByRole('link', { name: 'Supplier details: Completed' });
    expect(done.getAttribute('href')).toBe(
      `/process/7?group=supplier_onboarding__intake&step=${encodeURIComponent(S.INTAKE)}`,
    );
    expect(screen.getByRole('link', { name: 'Risk assessment: Not open yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Information security review: Does not apply' })).toBeTruthy();
    expect(screen.getByLabelText('Progress map of Northwind Logistics onboarding')).toBeTruthy();
  });

  it('says the map needs its permission', async () => {
    const detail = afterIntake();
    mockDetail({ ...detail, abilities: { ...detail.abilities, can_view_progress_map: false } });
    renderRoutes([{ path: '/process/:id/map', element: <ProgressMapPage /> }], { url: '/process/7/map' });
    expect(
      await screen.findByText("Viewing the progress map needs the 'Can view progress map' permission."),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/Progress map/)).toBeNull();
  });
});
