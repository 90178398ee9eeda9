import { SUBSCRIPTION_PATHS } from '@attest/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { currentUserQueryOptions } from '../../auth';
import { TASK_ACTION_PATHS, TASKS_PATHS, type TaskRow } from '../api/task-contract';
import { makeTaskRow } from '../test/task-fixture';
import { TasksPage } from './tasks-page';

afterEach(() => vi.unstubAllGlobals());

type Call = { path: string; method: string; search: URLSearchParams };

// A group task nobody holds; a colleague claims it first, so the viewer's claim is refused (409).
function mockTasksApi() {
  let row: TaskRow = makeTaskRow({
    type: 'neutral',
    actions: { claim: true, unclaim: false, reassign: false },
  });
  const calls: Call[] = [];
  const page = () => ({ results: [row], count: 1, count_is_estimate: false, next: null, previous: null });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const method = init?.method ?? 'GET';
      calls.push({ path: url.pathname, method, search: url.searchParams });
      if (url.pathname === TASKS_PATHS.counts)
        return jsonResponse({ body: { mine: 0, group: 1, delegated: 0, all: null } });
      if (url.pathname === TASKS_PATHS.list) return jsonResponse({ body: page() });
      if (url.pathname === TASK_ACTION_PATHS.claim(41, 'legal_review')) {
        row = { ...row, claimed_by: { id: 9, name: 'Bea Boss' }, actions: { ...row.actions, claim: false } };
        return jsonResponse({
          status: 409,
          body: { detail: 'Bea Boss has already claimed this task.', code: 'task_already_claimed' },
        });
      }
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return calls;
}

function renderPage(url: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryOptions().queryKey, makeUser({ id: 7 }));
  return renderRoutes(
    [
      {
        path: '/tasks',
        element: (
          <>
            <Notifications />
            <TasksPage />
          </>
        ),
      },
    ],
    { url, queryClient },
  );
}

describe('the tasks page', () => {
  it("offers the tabs the counts give and asks the server for the URL's tab, sort and page", async () => {
    const calls = mockTasksApi();
    renderPage('/tasks?tab=group&sort=-age&page=2');
    await screen.findByRole('listitem', { name: 'Legal review' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'My tasks: 0',
      "My group's tasks: 1",
      'Delegated tasks: 0',
    ]);
    const list = calls.find((c) => c.path === TASKS_PATHS.list);
    expect(Object.fromEntries(list?.search ?? [])).toMatchObject({
      tab: 'group',
      sort: '-age',
      offset: '50',
    });
  });

  it('reassigns the chosen rows to one person, all in one request', async () => {
    const posts: unknown[] = [];
    const row = makeTaskRow({ actions: { claim: false, unclaim: false, reassign: true } });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const path = new URL(String(input), 'http://acme.localhost').pathname;
        if (path === TASKS_PATHS.counts)
          return jsonResponse({ body: { mine: 1, group: 0, delegated: 0, all: 1 } });
        if (path === TASKS_PATHS.list)
          return jsonResponse({
            body: { results: [row], count: 1, count_is_estimate: false, next: null, previous: null },
          });
        if (path === SUBSCRIPTION_PATHS.userList)
          return jsonResponse({
            body: {
              results: [{ id: 9, name: 'Bea Boss', email: 'bea@acme.test' }],
              count: 1,
              next: null,
              previous: null,
            },
          });
        if (path === TASK_ACTION_PATHS.reassign) {
          posts.push(JSON.parse(String(init?.body)));
          return jsonResponse({ body: { results: [{ workflow_id: 41, step_tag: 'legal_review' }] } });
        }
        return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
      }),
    );
    renderPage('/tasks?tab=all');
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Select Legal review of Northwind onboarding' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reassign selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign tasks' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Reassign to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bea Boss' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await screen.findByText('Tasks reassigned: 1');
    expect(posts).toEqual([{ tasks: [{ workflow_id: 41, step_tag: 'legal_review' }], user_id: 9 }]);
  });

  it('explains a refused claim in words and refetches the list to show who holds the task', async () => {
    const calls = mockTasksApi();
    renderPage('/tasks?tab=group');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Claim Legal review of Northwind onboarding' }),
    );
    await screen.findByText('Someone else has already claimed this task. The list now shows who holds it.');
    await screen.findByText('Claimed by Bea Boss');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Claim / })).toBeNull());
    expect(calls.filter((c) => c.path === TASKS_PATHS.list).length).toBeGreaterThanOrEqual(2);
  });
});
