import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { StudioRecordDetailPage } from './record-detail-page';
import { StudioRecordsPage } from './records-page';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const version = {
  id: 2,
  savepoint_id: 5,
  major: 1,
  minor: 1,
  stage: 'rft',
  is_frozen: true,
  is_locked: false,
  created_by: 1,
  created_at: at,
  updated_at: at,
};
const review = {
  id: 1,
  version_id: 2,
  reviewer_id: 1,
  decision: 'approved',
  comment: 'Looks right',
  created_at: at,
};

describe('StudioRecordsPage', () => {
  it('lists the versions at a stage, each linking to its app and its version', async () => {
    const fetchMock = mockApi({
      '/api/v1/studio/records/rft/': {
        body: {
          results: [{ ...version, review, app_id: 3, app_name: 'Third-party risk' }],
          count: 1,
          next: null,
          previous: null,
        },
      },
    });
    renderWithProviders(<StudioRecordsPage />, {
      path: '/studio/records/:stage',
      url: '/studio/records/rft',
    });
    const app = await screen.findByRole('link', { name: 'Third-party risk' });
    expect(app.getAttribute('href')).toBe('/studio/apps/3/');
    expect(screen.getByRole('link', { name: 'Version 1.1' }).getAttribute('href')).toBe(
      '/studio/records/rft/2?app=3',
    );
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ready for test', selected: true })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/studio/records/rft/')).toHaveLength(1);
  });

  it.each(['archive', 'published', 'DRAFT'])(
    'answers the stage %s with the not-found page',
    async (stage) => {
      const fetchMock = mockApi({});
      renderWithProviders(<StudioRecordsPage />, {
        path: '/studio/records/:stage',
        url: `/studio/records/${stage}`,
      });
      expect(await screen.findByText('Page Not Found')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('shows one version with its savepoint, review and deployments, and links to its diff', async () => {
    mockApi({
      '/api/v1/studio/apps/3/': {
        body: {
          app: {
            id: 3,
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
              message: 'Ready for review',
              created_by: 1,
              created_at: at,
            },
          ],
          versions: [
            { ...version, review },
            { ...version, id: 1, minor: 0, stage: 'deployed', review: null },
          ],
          deployments: [],
        },
      },
    });
    renderWithProviders(<StudioRecordDetailPage />, {
      path: '/studio/records/:stage/:id',
      url: '/studio/records/rft/2?app=3',
    });
    expect(await screen.findByText('Ready for review')).toBeTruthy();
    expect(screen.getByText('Looks right')).toBeTruthy();
    expect(screen.getByText('This version has not been deployed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare with 1.0' }).getAttribute('href')).toBe(
      '/studio/apps/3/diff?from=version:1&to=version:2',
    );
  });

  it('is not found without a known stage', async () => {
    mockApi({});
    renderWithProviders(<StudioRecordDetailPage />, {
      path: '/studio/records/:stage/:id',
      url: '/studio/records/live/2?app=3',
    });
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });
});
