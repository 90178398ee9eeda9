import { WORKFLOW_PATHS, type WorkflowDetail } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS as F, SUPPLIER_ONBOARDING_STEPS as S } from '@attest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../components/user-text';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { wholeText } from '../../../test/text-matchers';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProcessViewerContext } from '../hooks/viewer';
import { ProcessPage } from './process-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notifications/toast', () => ({ toast }));
const track = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/analytics/track', () => ({ track }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const DUE_DILIGENCE = 'supplier_onboarding__due_diligence';

// Every required intake answer, valid.
const INTAKE_ANSWERS = {
  [F.supplierName]: 'Northwind Logistics GmbH',
  [F.country]: 'DE',
  [F.category]: 'logistics',
  [F.annualSpend]: { amount: 250000, currency: 'EUR' },
  [F.contractStart]: '2027-01-01',
  [F.certificate]: { id: 5, name: 'iso27001.pdf', size: 120000, content_type: 'application/pdf' },
  [F.contactEmail]: 'vendor@northwind.test',
  [F.personalData]: false,
};

const ACTIVITY = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: 2,
      action: 'submitted',
      event: 'step_submitted',
      actor: { id: 1, name: 'Ada Lovelace', email: 'analyst@acme.test' },
      step_tag: S.INTAKE,
      field_tag: null,
      details: {},
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    {
      id: 1,
      action: 'created',
      event: 'created',
      actor: { id: 1, name: 'Ada Lovelace', email: 'analyst@acme.test' },
      step_tag: null,
      field_tag: null,
      details: { name: 'Northwind Logistics onboarding' },
      created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    },
  ],
};

type Call = { path: string; method: string; body: unknown };

// The workflow's own writes (the page may also record the view for the dashboard's recent list).
const workflowPosts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/v1/workflows/'));

// The API at the fetch boundary: GET detail and activity, and POST replies by path.
function mockWorkflowApi(detail: WorkflowDetail, posts: Record<string, Reply> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://acme.localhost').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && path === WORKFLOW_PATHS.workflow(detail.id))
      return jsonResponse({ body: detail });
    if (method === 'GET' && path === WORKFLOW_PATHS.activity(detail.id))
      return jsonResponse({ body: ACTIVITY });
    const reply = method === 'POST' ? posts[path] : method === 'DELETE' ? posts[`DELETE ${path}`] : undefined;
    return reply
      ? jsonResponse(reply)
      : jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage(url: string) {
  const page = (
    <ProcessViewerContext.Provider value={{ userId: 1 }}>
      <ProcessPage />
    </ProcessViewerContext.Provider>
  );
  return renderRoutes([{ path: '/process/:id', element: page }], { url });
}

const stepButton = (name: string) => screen.getByRole('button', { name });

describe('ProcessPage', () => {
  it('shows the workflow, its status and its swimlanes, and opens the first open step', async () => {
    mockWorkflowApi(makeWorkflowDetail());
    renderPage('/process/7');
    expect(await screen.findByRole('heading', { name: 'Northwind Logistics onboarding' })).toBeTruthy();
    expect(screen.getByTestId('workflow-status').textContent).toBe('Draft');
    const lanes = screen.getByTestId('process-swimlanes');
    expect(within(lanes).getByRole('region', { name: 'Intake' })).toBeTruthy();
    expect(within(lanes).getByRole('region', { name: 'Due diligence' })).toBeTruthy();
    expect(stepButton('Supplier details').getAttribute('aria-current')).toBe('step');
    expect(stepButton('Sanctions and adverse media screening').getAttribute('aria-current')).toBeNull();
    // A step that does not apply yet (only after a rejection) is shown but cannot be opened.
    expect((stepButton('Notify the supplier of rejection') as HTMLButtonElement).disabled).toBe(true);
    const panel = screen.getByRole('region', { name: 'Supplier details' });
    expect(within(panel).getByLabelText(/Supplier legal name/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Submit step' })).toBeTruthy();
  });

  it('selects the step of a deep link and replaces the URL when another is chosen', async () => {
    mockWorkflowApi(makeWorkflowDetail());
    const { router } = renderPage(`/process/7?group=${DUE_DILIGENCE}&step=${S.SCREENING}&tab=x`);
    await screen.findByRole('heading', { name: 'Northwind Logistics onboarding' });
    expect(stepButton('Sanctions and adverse media screening').getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('This step opens once the steps before it are submitted.')).toBeTruthy();

    fireEvent.click(stepButton('Supplier details'));
    await waitFor(() => expect(stepButton('Supplier details').getAttribute('aria-current')).toBe('step'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('group')).toBe('supplier_onboarding__intake');
    expect(params.get('step')).toBe(S.INTAKE);
    expect(params.get('tab')).toBe('x');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows required errors before calling the server', async () => {
    const calls = mockWorkflowApi(makeWorkflowDetail());
    renderPage('/process/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('alert').textContent).toMatch(/Some answers are missing or invalid/);
    // The first invalid field takes the cursor.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Supplier legal name/)));
    expect(workflowPosts(calls)).toEqual([]);
  });

  it("shows the server's problems under their fields when a submission is refused", async () => {
    const calls = mockWorkflowApi(makeWorkflowDetail({ answers: INTAKE_ANSWERS }), {
      [WORKFLOW_PATHS.submitStep(7, S.INTAKE)]: {
        status: 400,
        body: {
          detail: 'Some answers are missing or invalid.',
          code: 'invalid_answers',
          problems: [
            {
              field_tag: F.contactEmail,
              errors: [{ code: 'invalid_email', params: {}, message: 'Enter a valid e-mail address.' }],
            },
          ],
        },
      },
    });
    renderPage('/process/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Some answers are missing or invalid.')).toBeTruthy();
    expect(workflowPosts(calls).map((c) => c.path)).toEqual([WORKFLOW_PATHS.submitStep(7, S.INTAKE)]);
  });

  it('saves an answer when the field is left, and keeps a refused one under its field', async () => {
    const saved = makeWorkflowDetail({ answers: { [F.supplierName]: 'Northwind' } });
    const calls = mockWorkflowApi(makeWorkflowDetail(), {
      [WORKFLOW_PATHS.answer(7)]: { body: saved },
    });
    renderPage('/process/7');
    const name = await screen.findByLabelText(/Supplier legal name/);
    fireEvent.change(name, { target: { value: 'Northwind' } });
    fireEvent.blur(name);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(workflowPosts(calls)).toEqual([
      {
        path: WORKFLOW_PATHS.answer(7),
        method: 'POST',
        body: { field_tag: F.supplierName, value: 'Northwind' },
      },
    ]);
  });

  it('shows a refused answer under its field and says not everything is saved', async () => {
    mockWorkflowApi(makeWorkflowDetail(), {
      [WORKFLOW_PATHS.answer(7)]: {
        status: 400,
        body: {
          detail: 'The answer is invalid.',
          code: 'invalid_answer',
          problems: [
            {
              field_tag: F.contactEmail,
              errors: [{ code: 'invalid_email', params: {}, message: 'Enter a valid e-mail address.' }],
            },
          ],
        },
      },
    });
    renderPage('/process/7');
    const email = await screen.findByLabelText(/Supplier contact e-mail/);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Some answers were not saved')).toBeTruthy();
    // The refused value stays in the field, for the user to correct.
    expect((email as HTMLInputElement).value).toBe('not-an-email');
  });

  it('after a submission shows the new status and opens the next step', async () => {
    const after = makeWorkflowDetail({ answers: INTAKE_ANSWERS, completed: [S.INTAKE] });
    mockWorkflowApi(makeWorkflowDetail({ answers: INTAKE_ANSWERS }), {
      [WORKFLOW_PATHS.submitStep(7, S.INTAKE)]: { body: after },
    });
    const { router } = renderPage('/process/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
    await waitFor(() => expect(screen.getByTestId('workflow-status').textContent).toBe('In Review'));
    await waitFor(() =>
      expect(stepButton('Sanctions and adverse media screening').getAttribute('aria-current')).toBe('step'),
    );
    expect(new URLSearchParams(router.state.location.search).get('step')).toBe(S.SCREENING);
    expect(toast.success).toHaveBeenCalledWith('process.step.submitted', {
      values: { step: isolate('Supplier details') },
    });
  });

  it('opens the activity log, newest first, with who and when', async () => {
    const calls = mockWorkflowApi(makeWorkflowDetail());
    renderPage('/process/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Activity log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity log' });
    await within(dialog).findByText(wholeText('Submitted the step “Supplier details”'));
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Submitted the step “Supplier details”Ada Lovelace·5 minutes ago$/),
      expect.stringMatching(/^Created the workflow “Northwind Logistics onboarding”Ada Lovelace·1 hour ago$/),
    ]);
    const activity = calls.find((c) => c.path === WORKFLOW_PATHS.activity(7));
    expect(activity).toBeTruthy();
  });

  // Spec 2 §9.4: the workflow detail's analytics events, by the workflow's kind (never a person).
  it('tells analytics of the side pane, the left pane, the header, the activity log, comments and the footer', async () => {
    const detail = makeWorkflowDetail({ answers: INTAKE_ANSWERS });
    mockWorkflowApi(detail, {
      [WORKFLOW_PATHS.submitStep(7, S.INTAKE)]: {
        body: makeWorkflowDetail({ answers: INTAKE_ANSWERS, completed: [S.INTAKE] }),
      },
    });
    renderPage('/process/7');
    await screen.findByRole('heading', { name: 'Northwind Logistics onboarding' });
    const kind = detail.kind.id;
    const names = () => track.mock.calls.map(([name]) => name);
    expect(track).toHaveBeenCalledWith('workflow_detail.side_pane', { kind, section: 'step' });

    fireEvent.click(stepButton('Sanctions and adverse media screening'));
    expect(track).toHaveBeenCalledWith('workflow_detail.left_pane', { kind, section: 'step' });
    fireEvent.click(stepButton('Supplier details'));

    fireEvent.click(screen.getByRole('button', { name: 'Activity log' }));
    expect(track).toHaveBeenCalledWith('workflow_detail.header', { kind, section: 'activity' });
    expect(track).toHaveBeenCalledWith('workflow_detail.activity_logs', { kind });
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Activity log' }), { key: 'Escape' });

    fireEvent.click(await screen.findByRole('button', { name: 'Submit step' }));
    await waitFor(() =>
      expect(track).toHaveBeenCalledWith('workflow_detail.footer', { kind, section: 'submit' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Comments on this step/ }));
    expect(track).toHaveBeenCalledWith('workflow_detail.comments', { section: 'step' });
    // Every name sent is one of the spec's.
    for (const name of names())
      expect(name).toMatch(/^workflow_detail\.(side_pane|left_pane|header|activity_logs|footer|comments)$/);
  });

  it("shows the step's alerts with their risk level, and their count on its task row", async () => {
    const alert = {
      id: 3,
      workflow_id: 7,
      rule_tag: 'material_spend',
      alert_tag: 'material_spend',
      cat_color_label: 'A' as const,
      step_group_tag: 'supplier_onboarding__intake',
      step_tag: S.INTAKE,
      field_tag: F.annualSpend,
      raised_at: '2026-11-21T10:00:00.000Z',
    };
    mockWorkflowApi(makeWorkflowDetail({ overrides: { alerts: [alert] } }));
    renderPage('/process/7');
    expect(await screen.findByText('Material spend · Medium risk')).toBeTruthy();
    const row = stepButton('Supplier details');
    // The count sits beside the step's button, in its row.
    expect(within(row.parentElement as HTMLElement).getByText('1')).toBeTruthy();
    expect(document.getElementById(row.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Open, assigned to others. Alerts: 1',
    );
  });

  it('lets the user take an open step and take an assignee off it', async () => {
    const users = WORKFLOW_PATHS.stepUsers(7, S.INTAKE);
    const calls = mockWorkflowApi(makeWorkflowDetail(), {
      [users]: { status: 201, body: { results: [] } },
      [`DELETE ${WORKFLOW_PATHS.stepUser(7, S.INTAKE, 11)}`]: { body: { results: [] } },
    });
    renderPage('/process/7');
    const panel = await screen.findByRole('region', { name: 'Supplier details' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(workflowPosts(calls)).toEqual([{ path: users, method: 'POST', body: { user_id: 1 } }]),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Procurement from this step' }));
    // Taking someone else off is confirmed first (issue 12).
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === WORKFLOW_PATHS.stepUser(7, S.INTAKE, 11)),
      ).toBe(true),
    );
    // The detail is read again, for the task row's avatars.
    expect(
      calls.filter((c) => c.method === 'GET' && c.path === WORKFLOW_PATHS.workflow(7)).length,
    ).toBeGreaterThan(1);
  });

  it('says so when the workflow does not exist or cannot be seen', async () => {
    mockWorkflowApi(makeWorkflowDetail({ overrides: { id: 8 } }));
    renderPage('/process/7');
    expect(
      await screen.findByText('This workflow does not exist or you do not have access to it.'),
    ).toBeTruthy();
  });

  it('greets a freshly created workflow and takes new=true out of the URL', async () => {
    mockWorkflowApi(makeWorkflowDetail());
    const { router } = renderPage('/process/7?new=true');
    expect(await screen.findByText('Your workflow is ready')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('new')).toBeNull());
    expect(document.activeElement).toBe(screen.getByLabelText(/Supplier legal name/));
  });

  it('is read-only, and says why, on an archived workflow', async () => {
    mockWorkflowApi(makeWorkflowDetail({ overrides: { archived_at: '2026-11-21T10:00:00.000Z' } }));
    renderPage('/process/7');
    expect(
      await screen.findByText('This workflow is archived: its answers can be read but not changed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit step' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });
});
