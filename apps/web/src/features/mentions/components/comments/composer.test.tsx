import { HttpError, MENTION_MESSAGES, SUBSCRIPTION_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { Composer } from './composer';

const PEOPLE = [
  { type: 'user', id: 12, name: 'Ann Lee', email: 'ann@acme.test', member_count: null },
  { type: 'group', id: 4, name: 'Legal', email: null, member_count: 3 },
];

function mockMentionable() {
  const queries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://acme.localhost');
      if (url.pathname === SUBSCRIPTION_PATHS.mentionable(7)) {
        queries.push(url.searchParams.get('q') ?? '');
        return jsonResponse({ body: { results: PEOPLE } });
      }
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return queries;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' });

function type(value: string) {
  const textarea = box();
  fireEvent.change(textarea, { target: { value } });
  textarea.setSelectionRange(value.length, value.length);
  fireEvent.click(textarea);
}

const key = (code: string, extra: Record<string, unknown> = {}) =>
  fireEvent.keyDown(box(), { key: code, code, ...extra });

describe('Composer', () => {
  it('offers people after @, picks one with the keyboard and sends its token', async () => {
    const queries = mockMentionable();
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<Composer workflowId={7} submitLabel="Send" onSubmit={onSubmit} />);
    type('Hi @an');
    expect(await screen.findByRole('option', { name: /Ann Lee/ })).toBeTruthy();
    expect(queries.at(-1)).toBe('an');
    // The first person is picked as soon as the list shows (what Enter takes); the keys move from there.
    // Pressing before that selection landed made the test depend on timing.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Ann Lee/ }).getAttribute('data-combobox-selected')).toBe(
        'true',
      ),
    );
    key('ArrowDown');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Legal/ }).getAttribute('data-combobox-selected')).toBe(
        'true',
      ),
    );
    key('ArrowUp');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Ann Lee/ }).getAttribute('data-combobox-selected')).toBe(
        'true',
      ),
    );
    key('Enter');
    // The box shows a readable label, never the token syntax.
    await waitFor(() => expect(box().value).toBe('Hi @Ann Lee '));
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByText('Notifies:')).toBeTruthy();

    type('Hi @Ann Lee please check');
    key('Enter', { ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Hi @[Ann Lee](user:12) please check'));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('closes the suggestions with Escape and keeps the text', async () => {
    mockMentionable();
    renderWithProviders(<Composer workflowId={7} submitLabel="Send" onSubmit={vi.fn()} />);
    type('@le');
    await screen.findByRole('option', { name: /Legal/ });
    key('Escape');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(box().value).toBe('@le');
  });

  it('shows the server refusal naming who cannot see the workflow, and keeps the text', async () => {
    mockMentionable();
    const onSubmit = vi.fn(async () => {
      throw new HttpError(400, `${MENTION_MESSAGES.cannotSee} Bo Chen`);
    });
    renderWithProviders(<Composer workflowId={7} submitLabel="Send" onSubmit={onSubmit} />);
    type('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'These people cannot see this workflow, so they would never read the mention: Bo Chen',
    );
    // The name keeps its own direction inside the sentence (issue 14).
    expect(alert.querySelector('bdi')?.textContent).toBe('Bo Chen');
    expect(box().value).toBe('Hello');
  });

  it('counts characters near the 5,000 limit and refuses more', async () => {
    mockMentionable();
    renderWithProviders(<Composer workflowId={7} submitLabel="Send" onSubmit={vi.fn()} />);
    const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send().disabled).toBe(true);
    type('x'.repeat(4600));
    expect(screen.getByText('4600 / 5000 characters')).toBeTruthy();
    expect(send().disabled).toBe(false);
    type('x'.repeat(5001));
    expect(screen.getByText('A comment can have at most 5000 characters.')).toBeTruthy();
    expect(send().disabled).toBe(true);
  });
});
