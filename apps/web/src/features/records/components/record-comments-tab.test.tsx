import { type Message, RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRecord, makeSupplierType, mockRecordsApi } from '../../../test/record-fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { permissionsQueryOptions } from '../../auth';
import { RecordPage } from './record-page';

afterEach(() => vi.unstubAllGlobals());

const COMMENTS = RECORD_PATHS.comments('supplier', 42);

function message(id: number, body: string, name: string): Message {
  return {
    id,
    thread: 7,
    author: { id: id + 100, email: `${name.toLowerCase()}@acme.test`, name },
    integration_result: null,
    body,
    created_at: '2026-11-20T10:00:00.000Z',
    edited_at: null,
    mentioned_user_ids: [],
  };
}

function renderComments() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(permissionsQueryOptions().queryKey, { can_view_records: true });
  return renderRoutes([{ path: '/records/:objectType/:objectId/:objectTab', element: <RecordPage /> }], {
    url: '/records/supplier/42/comments',
    queryClient,
  });
}

describe("the record page's Comments tab", () => {
  it('lists the comments oldest first and posts a new one, which then shows', async () => {
    const comments = [message(1, 'Audit booked for May', 'Ana')];
    const calls = mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.record('supplier', 42)]: { body: makeRecord() },
      [COMMENTS]: () => ({
        body: { results: [...comments], count: comments.length, next: null, previous: null },
      }),
      [`POST ${COMMENTS}`]: (call) => {
        const posted = message(2, (call.body as { body: string }).body, 'Ben');
        comments.push(posted);
        return { status: 201, body: posted };
      },
    });
    renderComments();

    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('Comments');
    expect(within(list).getByText('Audit booked for May')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true');

    const box = screen.getByRole('textbox', { name: 'Write a comment' });
    expect(box.getAttribute('placeholder')).toBe('Write a comment…');
    fireEvent.change(box, { target: { value: 'Certificate received' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(within(list).getByText('Certificate received')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: COMMENTS,
      body: { body: 'Certificate received' },
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Plain comments: no edit or delete menu, even on one's own.
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
  });

  it('says there are no comments yet on a record without any', async () => {
    mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.record('supplier', 42)]: { body: makeRecord() },
      [COMMENTS]: { body: { results: [], count: 0, next: null, previous: null } },
    });
    renderComments();
    expect(await screen.findByText('No comments yet')).toBeTruthy();
    expect(screen.getByText('Start the conversation about this record.')).toBeTruthy();
  });

  it('keeps the comments of an archived record readable and offers no composer', async () => {
    mockRecordsApi({
      [RECORD_PATHS.objectType('supplier')]: { body: makeSupplierType() },
      [RECORD_PATHS.record('supplier', 42)]: {
        body: makeRecord({ archived_at: '2026-11-21T09:00:00.000Z' }),
      },
      [COMMENTS]: {
        body: { results: [message(1, 'Audit booked for May', 'Ana')], count: 1, next: null, previous: null },
      },
    });
    renderComments();
    expect(await screen.findByText('Audit booked for May')).toBeTruthy();
    expect(screen.getByText('This record is archived. Restore it to comment.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });
});
