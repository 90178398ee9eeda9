import {
  decodeListQuery,
  HOME_PATHS,
  type Home,
  type HomeShortcut,
  type HomeWorkflow,
  listQueryFromSearch,
  PREFERENCE_PATHS,
  TASKS_PATHS,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type Reply } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { HomePage } from './home-page';

afterEach(() => vi.unstubAllGlobals());

const workflow = (id: number, name: string): HomeWorkflow => ({
  id,
  name,
  kind: { id: 1, name: 'Supplier Onboarding' },
  status: { id: 2, display_name: 'In Review', color_code: '#1c7ed6' },
  progress: 40,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
});

const shortcut = (overrides: Partial<HomeShortcut> = {}): HomeShortcut => ({
  index: 0,
  use_case: 'create_new_workflow',
  kind: { id: 1, name: 'Supplier Onboarding', tag: 'supplier_onboarding' },
  step_tag: 'supplier_onboarding__due_diligence__risk',
  field_tag: 'supplier_onboarding__due_diligence__risk__risk_assessments',
  title: 'Assess a supplier risk',
  description: 'Start a risk assessment for a supplier in review',
  creation_kind: { id: 3, name: 'Risk Assessment', tag: 'risk_assessment' },
  allowed_status_ids: [2],
  create_button_label: 'Start the assessment',
  status_filtering_fallback_message: 'No supplier is in review right now.',
  ...overrides,
});

const page = (results: HomeWorkflow[], count = results.length) => ({
  body: { results, count, next: null, previous: null },
});

// One kind the person may create, in Europe.
const creatable: Reply = {
  body: {
    results: [
      {
        id: 4,
        name: 'Supplier Onboarding',
        tag: 'supplier_onboarding',
        icon: null,
        regions: [{ id: 1, name: 'Europe', without_business_unit: true, business_units: [] }],
      },
    ],
    count: 1,
    next: null,
    previous: null,
  },
};

type Calls = { method: string; path: string; search: URLSearchParams }[];

function mockApi(home: Home, replies: Record<string, Reply> = {}) {
  const calls: Calls = [];
  const defaults: Record<string, Reply> = {
    [HOME_PATHS.home]: { body: home },
    '/api/v1/users/permissions/': { body: { objects: { can_view_tasks: true, can_view_dashboard: true } } },
    [WORKFLOW_PATHS.creatableKinds]: creatable,
    [PREFERENCE_PATHS.recentActivity]: { body: { recently_viewed_workflows: [] } },
    [HOME_PATHS.following]: page([]),
    [HOME_PATHS.requested]: page([]),
    [TASKS_PATHS.list]: { status: 500, body: { detail: 'Server error.', code: 'error' } },
    ...replies,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, search: url.searchParams });
      const reply = defaults[url.pathname];
      return jsonResponse(reply ?? { status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return calls;
}

const EMPTY: Home = {
  shortcuts: [],
  process_shortcuts: [],
  my_process_report: null,
  create_new_message: null,
};

function renderHome() {
  return renderRoutes(
    [
      { path: '/home', element: <HomePage /> },
      { path: '/process/:id', element: <p>process page</p> },
    ],
    { url: '/home' },
  );
}

describe('HomePage', () => {
  it('shows every section with its empty state, and the tasks API failing as an error, not a crash', async () => {
    mockApi({
      ...EMPTY,
      create_new_message: 'Onboard suppliers through the Supplier Onboarding process.',
      process_shortcuts: [{ id: 4, name: 'Supplier Onboarding', tag: 'supplier_onboarding' }],
    });
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(
      await screen.findByText('Onboard suppliers through the Supplier Onboarding process.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all workflows' }).getAttribute('href')).toBe(
      '/workflows/instances',
    );
    const byProcess = screen.getByRole('list', { name: 'Browse by process' });
    const href = within(byProcess).getByRole('link', { name: 'Supplier Onboarding' }).getAttribute('href');
    expect(href).toBe('/workflows/instances?kind_id=4&view=kind');
    // The dashboard reads its kind from this query with the shared list-query decoding.
    const decoded = decodeListQuery(listQueryFromSearch(new URL(href ?? '', 'http://x').searchParams));
    expect(decoded.ok && decoded.state.kind_id).toBe(4);
    expect(await screen.findByText('Nothing viewed yet')).toBeTruthy();
    expect(await screen.findByText('You follow no discussion')).toBeTruthy();
    expect(await screen.findByText('You have started no workflow')).toBeTruthy();
    const waiting = await screen.findByRole('region', { name: 'Waiting on you' });
    expect(await within(waiting).findByText('This could not be loaded. Try again later.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Shortcuts' })).toBeNull();
  });

  it('offers starting and browsing only to people who may: the card goes when neither', async () => {
    const onboarding = { id: 4, name: 'Supplier Onboarding', tag: 'supplier_onboarding' };
    const home = { ...EMPTY, create_new_message: 'Start an onboarding.', process_shortcuts: [onboarding] };
    mockApi(home, {
      '/api/v1/users/permissions/': { body: { objects: {} } },
      [WORKFLOW_PATHS.creatableKinds]: page([]),
    });
    const { result } = renderHome();
    expect(await screen.findByText('You have started no workflow')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Start a workflow' })).toBeNull());
    result.unmount();
    mockApi(home, {
      '/api/v1/users/permissions/': { body: { objects: {} } },
      [WORKFLOW_PATHS.creatableKinds]: creatable,
    });
    renderHome();
    const start = await screen.findByRole('region', { name: 'Start a workflow' });
    expect(await within(start).findByText('Start an onboarding.')).toBeTruthy();
    expect(within(start).queryByRole('link', { name: 'Browse all workflows' })).toBeNull();
    expect(within(start).queryByRole('list', { name: 'Browse by process' })).toBeNull();
  });

  it('pages a section on the server with "show more"', async () => {
    const calls = mockApi(EMPTY, {
      [HOME_PATHS.requested]: page(
        [1, 2, 3, 4, 5].map((i) => workflow(i, `Supplier ${i}`)),
        7,
      ),
    });
    renderHome();
    const section = await screen.findByRole('region', { name: 'Requested by you' });
    expect(await within(section).findByText('Supplier 1')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Supplier 1' }).getAttribute('href')).toBe('/process/1');
    expect(within(section).getAllByText('In Review')).toHaveLength(5);
    fireEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === HOME_PATHS.requested).map((c) => c.search.get('offset'))).toEqual(
        ['0', '5'],
      ),
    );
  });

  it('shows the mapping fallback message when no workflow is in an allowed status', async () => {
    mockApi({ ...EMPTY, shortcuts: [shortcut()] }, { [HOME_PATHS.shortcutParents(0)]: page([]) });
    renderHome();
    const card = await screen.findByRole('article', { name: 'Assess a supplier risk' });
    expect(within(card).getByText('Start a risk assessment for a supplier in review')).toBeTruthy();
    expect(await within(card).findByText('No supplier is in review right now.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Start the assessment' })).toBeNull();
  });

  it('starts a child workflow from the chosen parent and opens it', async () => {
    const calls = mockApi(
      { ...EMPTY, shortcuts: [shortcut()] },
      {
        [HOME_PATHS.shortcutParents(0)]: page([workflow(41, 'Northwind onboarding')]),
        '/api/v1/workflows/41/fields/supplier_onboarding__due_diligence__risk__risk_assessments/children/': {
          body: { child: { id: 77, name: 'Northwind – Risk Assessment 1' }, workflow: {} },
        },
      },
    );
    const { router } = renderHome();
    const card = await screen.findByRole('article', { name: 'Assess a supplier risk' });
    const button = within(card).getByRole('button', { name: 'Start the assessment' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(card).findByRole('combobox', { name: 'Choose a Supplier Onboarding' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwind onboarding · In Review' }));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/77'));
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/v1/workflows/41/fields/'))).toBe(
      true,
    );
  });

  it('opens the parent at the shortcut step for navigate_to_parent_step', async () => {
    mockApi(
      {
        ...EMPTY,
        shortcuts: [shortcut({ use_case: 'navigate_to_parent_step', field_tag: null, title: null })],
      },
      { [HOME_PATHS.shortcutParents(0)]: page([workflow(41, 'Northwind onboarding')]) },
    );
    const { router } = renderHome();
    // Without a title, the card is named by its kind.
    const card = await screen.findByRole('article', { name: 'Supplier Onboarding' });
    fireEvent.click(await within(card).findByRole('combobox', { name: 'Choose a Supplier Onboarding' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwind onboarding · In Review' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Open at the step' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/41'));
    expect(router.state.location.search).toBe('?step=supplier_onboarding__due_diligence__risk');
  });

  it('links the configured process report by its name, only for people who may view reports', async () => {
    const report = { id: 9, name: 'Onboarding throughput', description: '' };
    mockApi(
      { ...EMPTY, my_process_report: 9 },
      {
        '/api/v1/users/permissions/': { body: { objects: { can_view_process_report: true } } },
        '/api/v1/reports/9/': { body: report },
      },
    );
    const { result } = renderHome();
    const section = await screen.findByRole('region', { name: 'My process report' });
    expect(
      (await within(section).findByRole('link', { name: 'Onboarding throughput' })).getAttribute('href'),
    ).toBe('/report/9');
    result.unmount();
    mockApi({ ...EMPTY, my_process_report: 9 }, { '/api/v1/reports/9/': { body: report } });
    renderHome();
    expect(await screen.findByText('You have started no workflow')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'My process report' })).toBeNull();
  });

  it('says so when the configured report is gone', async () => {
    mockApi(
      { ...EMPTY, my_process_report: 9 },
      { '/api/v1/users/permissions/': { body: { objects: { can_view_process_report: true } } } },
    );
    renderHome();
    const section = await screen.findByRole('region', { name: 'My process report' });
    expect(await within(section).findByText('This report is no longer available.')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });
});
