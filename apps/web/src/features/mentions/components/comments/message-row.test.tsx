import { MENTION_PATHS, type Message } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { MessageRow } from './message-row';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/notifications/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const MESSAGE: Message = {
  id: 31,
  thread: 3,
  author: { id: 1, email: 'admin@acme.test', name: 'Alex Admin' },
  integration_result: null,
  body: 'Is this the legal name?',
  created_at: '2026-11-20T09:00:00.000Z',
  edited_at: null,
  mentioned_user_ids: [],
};

function mockDelete() {
  const deletes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input), 'http://acme.localhost').pathname;
      if (init?.method === 'DELETE') {
        deletes.push(path);
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ body: { count: 0, next: null, previous: null, results: [] } });
    }),
  );
  return deletes;
}

const render = (message: Message) =>
  renderWithProviders(
    <ul>
      <MessageRow message={message} workflowId={7} viewerId={1} now={new Date('2026-11-21T09:00:00.000Z')} />
    </ul>,
  );

describe('a message in the comments', () => {
  it('is deleted only once confirmed, and that is said', async () => {
    const deletes = mockDelete();
    render(MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(deletes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('mentions.thread.deleted'));
    expect(deletes).toEqual([MENTION_PATHS.message(31)]);
  });

  it("names an integration's message by the integration's label, not its tag", () => {
    mockDelete();
    render({
      ...MESSAGE,
      author: null,
      integration_result: { id: 9, connector: 'sanctions_screening', state: 'finished' },
    });
    expect(screen.getByText('Sanctions screening')).toBeTruthy();
    expect(screen.queryByText('sanctions_screening')).toBeNull();
  });
});
