import { WORKFLOW_PATHS, type WorkflowDetail } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProcessViewerContext } from '../hooks/viewer';
import { ProcessPage } from './process-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const INTAKE_GROUP = 'supplier_onboarding__intake';
const ANSWERS = { [F.supplierName]: 'Northwind Logistics GmbH', [F.country]: 'DE' };

// The intake submitted, due on 21 Dec 2026; `due` sets the intake's due date.
function submittedIntake(due: string): WorkflowDetail {
  const detail = makeWorkflowDetail({ answers: ANSWERS, completed: [S.INTAKE] });
  return {
    ...detail,
    steps: detail.steps.map((s) => (s.tag === S.INTAKE ? { ...s, sla_breach_time: due } : s)),
  };
}

function mockApi(detail: WorkflowDetail, afterUndo: WorkflowDetail) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === WORKFLOW_PATHS.workflow(7)) return jsonResponse({ body: detail });
      if (method === 'POST' && path === WORKFLOW_PATHS.undoStep(7, S.INTAKE)) {
        posts.push(path);
        return jsonResponse({ body: afterUndo });
      }
      return jsonResponse({ body: { count: 0, next: null, previous: null, results: [] } });
    }),
  );
  return posts;
}

function renderPage() {
  return renderRoutes(
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
    { url: `/process/7?group=${INTAKE_GROUP}&step=${S.INTAKE}` },
  );
}

describe('undoing a submitted step', () => {
  it('asks first, naming the step, and does nothing when cancelled', async () => {
    const posts = mockApi(
      submittedIntake('2026-12-21T12:00:00.000Z'),
      makeWorkflowDetail({ answers: ANSWERS }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen “Supplier details”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('once confirmed, says the step was reopened and that its due date moved', async () => {
    const after = makeWorkflowDetail({ answers: ANSWERS });
    const reopened = {
      ...after,
      steps: after.steps.map((s) =>
        s.tag === S.INTAKE ? { ...s, sla_breach_time: '2027-01-04T12:00:00.000Z' } : s,
      ),
    };
    const posts = mockApi(submittedIntake('2026-12-21T12:00:00.000Z'), reopened);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen “Supplier details”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen step' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('process.step.undone', {
        values: { step: isolate('Supplier details') },
      }),
    );
    expect(posts).toEqual([WORKFLOW_PATHS.undoStep(7, S.INTAKE)]);
    expect(toast.info).toHaveBeenCalledWith(
      'process.dueDate.moved',
      expect.objectContaining({
        values: { step: isolate('Supplier details'), from: 'Dec 21, 2026', to: 'Jan 4, 2027' },
      }),
    );
  });
});
