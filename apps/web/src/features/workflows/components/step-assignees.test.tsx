import { type StepAssignee, WORKFLOW_PATHS } from '@attest/shared';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { wholeText } from '../../../test/text-matchers';
import { makeStep, makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProcessViewerContext } from '../hooks/viewer';
import { StepAssignees } from './step-assignees';

const ME = 1;
const STEP = 'supplier_onboarding__intake__details';

const alex: StepAssignee = {
  id: 21,
  kind: 'user',
  user_id: 2,
  group_id: null,
  name: 'Alex Admin',
  email: 'admin@acme.test',
};
const me: StepAssignee = {
  id: 22,
  kind: 'user',
  user_id: ME,
  group_id: null,
  name: 'Ada Lovelace',
  email: null,
};

type Call = { method: string; path: string; body: unknown };

// The step-users API at the fetch boundary: every write succeeds; the detail is read again after one.
function mockStepUsers() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return jsonResponse({ status: method === 'POST' ? 201 : 200, body: { results: [] } });
    }),
  );
  return { writes: () => calls.filter((c) => c.method !== 'GET') };
}

function renderAssignees(assignees: StepAssignee[], canChange: boolean) {
  const step = makeStep({ tag: STEP, assignees, can_change_assignees: canChange });
  const detail = makeWorkflowDetail({ overrides: { steps: [step] } });
  renderWithProviders(
    <ProcessViewerContext.Provider value={{ userId: ME }}>
      <Notifications />
      <StepAssignees detail={detail} step={step} />
    </ProcessViewerContext.Provider>,
  );
}

const removeButton = (name: string) =>
  screen.queryByRole('button', { name: `Remove ${name} from this step` });

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('StepAssignees (issue 12: who may change a step’s assignees)', () => {
  it('offers no remove or add control to someone who may not change the assignees, except taking themselves off', () => {
    mockStepUsers();
    renderAssignees([alex], false);
    expect(screen.getByText('Alex Admin')).toBeTruthy();
    expect(removeButton('Alex Admin')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();

    renderAssignees([alex, me], false);
    expect(removeButton('Ada Lovelace')).toBeTruthy();
  });

  it('offers Assign to me on a step nobody holds, even to someone who may not change the assignees', async () => {
    const api = mockStepUsers();
    renderAssignees([], false);
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'POST', path: WORKFLOW_PATHS.stepUsers(7, STEP), body: { user_id: ME } },
      ]),
    );
  });

  it('asks before taking someone else off the step, and does nothing when cancelled', async () => {
    const api = mockStepUsers();
    renderAssignees([alex], true);
    fireEvent.click(removeButton('Alex Admin') as HTMLElement);
    expect(await screen.findByText(wholeText("Remove Alex Admin from this step's assignees?"))).toBeTruthy();
    expect(api.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByText(wholeText("Remove Alex Admin from this step's assignees?"))).toBeNull(),
    );
    expect(api.writes()).toEqual([]);

    fireEvent.click(removeButton('Alex Admin') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: WORKFLOW_PATHS.stepUser(7, STEP, alex.id), body: undefined },
      ]),
    );
  });

  it('says who was taken off, and Undo adds them back', async () => {
    const api = mockStepUsers();
    renderAssignees([alex], true);
    fireEvent.click(removeButton('Alex Admin') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(wholeText('Alex Admin was removed from this step.'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(api.writes().at(-1)).toEqual({
        method: 'POST',
        path: WORKFLOW_PATHS.stepUsers(7, STEP),
        body: { user_id: alex.user_id },
      }),
    );
    expect(await screen.findByText(wholeText('Alex Admin is assigned to this step again.'))).toBeTruthy();
  });

  it('takes the user off at once when they remove themselves', async () => {
    const api = mockStepUsers();
    renderAssignees([me], false);
    fireEvent.click(removeButton('Ada Lovelace') as HTMLElement);
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: WORKFLOW_PATHS.stepUser(7, STEP, me.id), body: undefined },
      ]),
    );
    expect(screen.queryByText("Remove Ada Lovelace from this step's assignees?")).toBeNull();
  });
});
