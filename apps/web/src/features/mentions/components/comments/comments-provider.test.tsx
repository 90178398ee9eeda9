import { MENTION_PATHS, type Message, type Thread, type WorkflowDefinition } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderRoutes } from '../../../../test/render';
import { wholeText } from '../../../../test/text-matchers';
import { FieldCommentsButton, StepCommentsButton, WorkflowCommentsButton } from './comment-buttons';
import { CommentsProvider } from './comments-provider';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/notifications/toast', () => ({ toast }));

const DEFINITION = {
  step_groups: [
    {
      tag: 'intake_group',
      name: 'Intake',
      steps: [
        {
          tag: 'intake',
          name: 'Supplier details',
          fields: [{ tag: 'supplier_name', label: 'Supplier legal name' }],
        },
      ],
    },
  ],
} as unknown as WorkflowDefinition;

const FIELD_THREAD: Thread = {
  id: 3,
  workflow_id: 7,
  content_object_type: 'field',
  step_tag: 'intake',
  field_tag: 'supplier_name',
  message_count: 2,
  created_at: '2026-06-01T10:00:00Z',
};

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const MESSAGES: Message[] = [
  {
    id: 31,
    thread: 3,
    author: { id: 1, email: 'admin@acme.test', name: 'Alex Admin' },
    integration_result: null,
    body: 'Is this the <b>legal</b> name, @[Ada Analyst](user:2)?',
    created_at: minutesAgo(30),
    edited_at: minutesAgo(20),
    mentioned_user_ids: [2],
  },
  {
    id: 32,
    thread: 3,
    author: null,
    integration_result: { id: 9, connector: 'Company registry', state: 'finished' },
    body: 'Registry match found.',
    created_at: minutesAgo(5),
    edited_at: null,
    mentioned_user_ids: [],
  },
];

type Call = { method: string; path: string; body: unknown };

function mockApi({ subscribeStatus = 200 }: { subscribeStatus?: number } = {}) {
  const calls: Call[] = [];
  let threads: Thread[] = [FIELD_THREAD];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://acme.localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      const route = `${method} ${url.pathname}`;
      if (route === `GET ${MENTION_PATHS.workflowThreads(7)}`)
        return jsonResponse({ body: { results: threads } });
      if (route === `POST ${MENTION_PATHS.workflowThreads(7)}`) {
        const created: Thread = {
          ...FIELD_THREAD,
          id: 4,
          content_object_type: 'workflow',
          step_tag: null,
          field_tag: null,
          message_count: 0,
        };
        threads = [...threads, created];
        return jsonResponse({ body: created });
      }
      if (route === `GET ${MENTION_PATHS.threadMessages(3)}`)
        return jsonResponse({ body: { results: MESSAGES, count: 2, next: null, previous: null } });
      if (route === `GET ${MENTION_PATHS.threadMessages(4)}`)
        return jsonResponse({ body: { results: [], count: 0, next: null, previous: null } });
      if (route === `POST ${MENTION_PATHS.threadMessages(4)}`)
        return jsonResponse({
          status: 201,
          body: { ...MESSAGES[0], id: 40, thread: 4, body: body.body, edited_at: null },
        });
      if (url.pathname.endsWith('/subscription/') && method === 'GET')
        return jsonResponse({ body: { thread: Number(url.pathname.split('/')[4]), subscribed: false } });
      if (url.pathname.endsWith('/subscription/') && method === 'PUT')
        return subscribeStatus === 200
          ? jsonResponse({ body: { thread: 3, subscribed: body.subscribed } })
          : jsonResponse({ status: subscribeStatus, body: { detail: 'Nope.', code: 'invalid' } });
      return jsonResponse({ status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderPage(url = '/process/7') {
  return renderRoutes(
    [
      {
        path: '/process/:id',
        element: (
          <CommentsProvider workflowId={7} definition={DEFINITION} viewerId={1}>
            <WorkflowCommentsButton />
            <StepCommentsButton stepTag="intake" />
            <div style={{ position: 'relative' }}>
              <FieldCommentsButton fieldTag="supplier_name" />
            </div>
          </CommentsProvider>
        ),
      },
    ],
    { url },
  );
}

const panel = () => screen.findByRole('dialog', { name: /Comments/ });

describe('Comments on the process page', () => {
  it("shows a field's comment count and opens its thread, with the step selected in the URL", async () => {
    mockApi();
    const { router } = renderPage();
    const button = await screen.findByRole('button', { name: 'Comments on this field (2)' });
    expect(button.textContent).toBe('2');
    fireEvent.click(button);
    const dialog = await panel();
    expect(within(dialog).getByText(wholeText('Field: Supplier legal name'))).toBeTruthy();
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // Oldest first; markup stays text; the mention is a chip; edited is said.
    expect(within(rows[0] as HTMLElement).getByText(/Is this the <b>legal<\/b> name/)).toBeTruthy();
    expect(rows[0]?.querySelector('b')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByText('edited')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Message actions' })).toBeTruthy();
    // An integration's message names its connector, and nobody can edit it.
    expect(within(rows[1] as HTMLElement).getByText('Company registry')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: 'Message actions' })).toBeNull();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('thread')).toBe('3');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('step')).toBe('intake'));
  });

  it('opens a linked thread (?thread=) on arrival', async () => {
    mockApi();
    renderPage('/process/7?thread=3');
    const dialog = await panel();
    expect(await within(dialog).findByText('Registry match found.')).toBeTruthy();
  });

  it('opens below the app header, leaving its icons in reach', async () => {
    mockApi();
    renderPage('/process/7?thread=3');
    const dialog = await panel();
    // The panel's positioned frame starts where the header ends (Mantine's AppShell sets the height).
    const frame = dialog.parentElement as HTMLElement;
    expect(frame.style.top).toBe('var(--app-shell-header-height, 0px)');
  });

  it('creates a thread only when the first message is sent', async () => {
    const calls = mockApi();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on the workflow (0)' }));
    const dialog = await panel();
    expect(within(dialog).getByText('No comments yet')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Kick-off done' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        [MENTION_PATHS.workflowThreads(7), {}],
        [MENTION_PATHS.threadMessages(4), { body: 'Kick-off done' }],
      ]),
    );
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('thread')).toBe('4'));
  });

  it("says 'Unable to change subscription.' when following fails", async () => {
    mockApi({ subscribeStatus: 400 });
    renderPage('/process/7?thread=3');
    const dialog = await panel();
    const follow = await within(dialog).findByRole('switch', { name: 'Follow by e-mail' });
    fireEvent.click(follow);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('mentions.subscription.changeFailed', expect.anything()),
    );
    expect((follow as HTMLInputElement).checked).toBe(false);
  });
});
