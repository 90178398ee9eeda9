import { SUBSCRIPTION_PATHS } from '@attest/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { type Delegation, TASK_ACTION_PATHS } from '../api/task-contract';
import { DelegationDialog } from './delegation-dialog';

afterEach(() => vi.unstubAllGlobals());

const given: Delegation = {
  id: 5,
  delegator: { id: 7, name: 'Ana Analyst' },
  delegate: { id: 9, name: 'Bea Boss' },
  starts_on: '2026-12-01',
  ends_on: '2026-12-10',
  active: false,
};
const received: Delegation = {
  id: 6,
  delegator: { id: 11, name: 'Carl Cole' },
  delegate: { id: 7, name: 'Ana Analyst' },
  starts_on: '2026-11-20',
  ends_on: '2026-11-30',
  active: true,
};

type Call = { path: string; method: string; body: unknown };

function mockDelegationsApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === SUBSCRIPTION_PATHS.userList)
        return jsonResponse({
          body: {
            results: [
              { id: 7, name: 'Ana Analyst', email: 'ana@acme.test' },
              { id: 9, name: 'Bea Boss', email: 'bea@acme.test' },
            ],
            count: 2,
            next: null,
            previous: null,
          },
        });
      if (path === TASK_ACTION_PATHS.delegations && method === 'GET')
        return jsonResponse({ body: { given: [given], received: [received] } });
      if (path === TASK_ACTION_PATHS.delegations && method === 'POST')
        return jsonResponse({
          status: 400,
          body: { detail: 'You already delegate…', code: 'delegation_overlaps' },
        });
      if (path === TASK_ACTION_PATHS.delegation(5) && method === 'DELETE')
        return new Response(null, { status: 204 });
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return calls;
}

function renderDialog() {
  renderWithProviders(
    <>
      <Notifications />
      <DelegationDialog opened onClose={vi.fn()} userId={7} />
    </>,
  );
}

describe('the delegation dialog', () => {
  it('lists who acts for whom on both sides, and revokes a delegation the person gave', async () => {
    const calls = mockDelegationsApi();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delegate your tasks' });
    await within(dialog).findByText(/To Bea Boss/);
    expect(within(dialog).getByText(/From Carl Cole/)).toBeTruthy();
    // Only the delegator revokes: one button, on the given one.
    const revoke = within(dialog).getAllByRole('button', { name: /^Revoke the delegation to / });
    expect(revoke).toHaveLength(1);
    fireEvent.click(revoke[0] as HTMLElement);
    await screen.findByText('Delegation revoked');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === TASK_ACTION_PATHS.delegation(5))).toBe(true);
  });

  it("sends the chosen person and dates, and explains the server's refusal in words", async () => {
    const calls = mockDelegationsApi();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delegate your tasks' });
    const person = within(dialog).getByRole('combobox', { name: /Delegate to/ });
    fireEvent.click(person);
    // Nobody delegates to themselves: the person's own name is not offered.
    await screen.findByRole('option', { name: 'Bea Boss' });
    expect(screen.queryByRole('option', { name: 'Ana Analyst' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Bea Boss' }));
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2026-12-05' } });
    fireEvent.change(within(dialog).getByLabelText(/^Until/), { target: { value: '2026-12-08' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delegate' }));
    await screen.findByText('You already delegate your tasks during part of these dates.');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        delegate_id: 9,
        starts_on: '2026-12-05',
        ends_on: '2026-12-08',
      }),
    );
  });
});
