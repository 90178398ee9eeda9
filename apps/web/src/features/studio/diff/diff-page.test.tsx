import { fireEvent, screen, within } from '@testing-library/react';

import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { StudioDiffPage } from './diff-page';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const detail = {
  app: {
    id: 1,
    name: 'Third-party risk',
    description: '',
    icon: null,
    created_by: 1,
    created_at: at,
    updated_at: at,
    archived_at: null,
  },
  branches: [],
  savepoints: [
    {
      id: 5,
      branch_id: 1,
      parent_savepoint_id: null,
      message: 'Added a field',
      created_by: 1,
      created_at: at,
    },
  ],
  versions: [
    {
      id: 2,
      savepoint_id: 5,
      major: 1,
      minor: 0,
      stage: 'deployed',
      is_frozen: true,
      is_locked: true,
      review: null,
      created_by: 1,
      created_at: at,
      updated_at: at,
    },
  ],
  deployments: [],
};

const changes = [
  {
    kind: 'added',
    item: 'field',
    identity: ['vendor', 'intake', 'basics', 'tax_id'],
    to: { parent: ['vendor', 'intake', 'basics'], index: 2 },
    properties: [{ path: ['label'], after: 'Tax ID' }],
  },
  {
    kind: 'removed',
    item: 'step',
    identity: ['vendor', 'intake', 'legacy'],
    from: { parent: ['vendor', 'intake'], index: 1 },
    properties: [{ path: ['name'], before: 'Legacy check' }],
  },
  {
    kind: 'moved',
    item: 'step',
    identity: ['vendor', 'review', 'approve'],
    from: { parent: ['vendor', 'intake'], index: 0 },
    to: { parent: ['vendor', 'review'], index: 0 },
  },
  {
    kind: 'changed',
    item: 'status',
    identity: ['vendor', 'open'],
    properties: [{ path: ['color'], before: '#ff0000', after: '#00aa00' }],
  },
];

const url = '/studio/apps/1/diff?from=version:2&to=savepoint:5';
const path = '/studio/apps/:id/diff';

describe('StudioDiffPage', () => {
  it('shows added, removed, moved and changed rows with words, counts and old -> new values', async () => {
    mockApi({
      '/api/v1/studio/apps/1/': { body: detail },
      '/api/v1/studio/apps/1/diff/': { body: { changes } },
    });
    renderWithProviders(<StudioDiffPage />, { path, url });
    expect(await screen.findByText('Changes: 4')).toBeTruthy();
    for (const text of ['Added: 1', 'Removed: 1', 'Moved: 1', 'Changed: 1'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    const rows = screen.getAllByTestId('diff-change');
    // Sections in designer order: steps, then fields, then statuses.
    expect(rows.map((row) => row.dataset.kind)).toEqual(['removed', 'moved', 'added', 'changed']);
    const [removedRow, movedRow, addedRow, changedRow] = rows as HTMLElement[];
    // Each badge says its kind in words, not by colour alone.
    expect(within(addedRow as HTMLElement).getByText('Added')).toBeTruthy();
    expect(within(addedRow as HTMLElement).getByText('Tax ID')).toBeTruthy();
    expect(within(removedRow as HTMLElement).getByText('Removed')).toBeTruthy();
    expect(within(removedRow as HTMLElement).getByText('Legacy check')).toBeTruthy();
    const moved = within(movedRow as HTMLElement);
    expect(moved.getByText('Moved')).toBeTruthy();
    expect(moved.getByText('vendor / intake')).toBeTruthy();
    expect(moved.getByText('vendor / review')).toBeTruthy();
    const changed = within(changedRow as HTMLElement);
    expect(changed.getByText('Changed')).toBeTruthy();
    expect(changed.getByText('#ff0000')).toBeTruthy();
    expect(changed.getByText('#00aa00')).toBeTruthy();
    // Grouped by process, then by item type.
    expect(screen.getByRole('button', { name: /vendor/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Steps (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Statuses (1)' })).toBeTruthy();
  });

  it('says there are no differences', async () => {
    mockApi({
      '/api/v1/studio/apps/1/': { body: detail },
      '/api/v1/studio/apps/1/diff/': { body: { changes: [] } },
    });
    renderWithProviders(<StudioDiffPage />, { path, url });
    expect(await screen.findByText('No differences: both sides hold the same processes.')).toBeTruthy();
  });

  it('opens a big diff closed, with its counts, and opens a section on demand', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      kind: 'added',
      item: 'field',
      identity: ['vendor', 'intake', 'basics', `f${i}`],
      to: { parent: ['vendor', 'intake', 'basics'], index: i },
      properties: [],
    }));
    mockApi({
      '/api/v1/studio/apps/1/': { body: detail },
      '/api/v1/studio/apps/1/diff/': { body: { changes: many } },
    });
    renderWithProviders(<StudioDiffPage />, { path, url });
    const fields = await screen.findByRole('button', { name: 'Fields (60)' });
    expect(fields.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByTestId('diff-change')).toHaveLength(0);
    fireEvent.click(fields);
    expect(screen.getAllByTestId('diff-change')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 60' }));
    expect(screen.getAllByTestId('diff-change')).toHaveLength(60);
  });

  it('asks for both sides before comparing', async () => {
    const fetchMock = mockApi({ '/api/v1/studio/apps/1/': { body: detail } });
    renderWithProviders(<StudioDiffPage />, { path, url: '/studio/apps/1/diff?from=version:2' });
    expect(await screen.findByText('Pick both sides to compare them.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/diff/'))).toBe(false);
  });
});
