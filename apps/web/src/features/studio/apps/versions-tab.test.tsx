import { STUDIO_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeDetail, makeVersion, PERMISSIONS_PATH, permissions } from './test-data';
import { VersionsTab } from './versions-tab';

const track = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/analytics/track', () => ({ track }));

const approved = {
  id: 1,
  version_id: 3,
  reviewer_id: 1,
  decision: 'approved' as const,
  comment: '',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('VersionsTab', () => {
  it('offers only the environments the person may deploy to, Production disabled until approved', async () => {
    mockApi({
      [PERMISSIONS_PATH]: permissions('can_access_studio', 'can_deploy_qa', 'can_deploy_production'),
    });
    renderWithProviders(<VersionsTab detail={makeDetail()} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deploy' }));
    expect(await screen.findByRole('menuitem', { name: 'QA' })).toBeTruthy();
    const production = screen.getByRole('menuitem', { name: /Production/ });
    expect(production.hasAttribute('disabled') || production.getAttribute('data-disabled') === 'true').toBe(
      true,
    );
    expect(screen.getByText('Needs an approving review first')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Development' })).toBeNull();
  });

  it('lets an approved version go to Production', async () => {
    const fetchMock = mockApi({
      [PERMISSIONS_PATH]: permissions('can_deploy_production'),
      [STUDIO_PATHS.versionDeployments(7, 3)]: {
        body: {
          id: 1,
          version_id: 3,
          environment: 'PRODUCTION',
          published: [],
          deployed_by: 1,
          deployed_at: '2026-11-20T10:00:00.000Z',
        },
      },
    });
    renderWithProviders(
      <VersionsTab detail={makeDetail({ versions: [makeVersion({ review: approved })] })} canEdit />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Deploy' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Production' }));
    // Production is confirmed first.
    const confirm = await screen.findByRole('dialog', { name: /Deploy version .*1\.0.* to Production\?/ });
    expect(callsTo(fetchMock, STUDIO_PATHS.versionDeployments(7, 3))).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(callsTo(fetchMock, STUDIO_PATHS.versionDeployments(7, 3))).toHaveLength(1));
    // Spec 2 §9.4 (studio: deploy), once deployed, by environment.
    await waitFor(() => expect(track).toHaveBeenCalledWith('studio.deploy', { section: 'production' }));
  });

  it('hides deploying from someone without a deploy permission, and offers only the next stage', async () => {
    mockApi({ [PERMISSIONS_PATH]: permissions('can_access_studio') });
    renderWithProviders(
      <VersionsTab
        canEdit
        detail={makeDetail({
          versions: [makeVersion({ id: 4, minor: 1, stage: 'draft', is_frozen: false }), makeVersion()],
        })}
      />,
    );
    // The draft moves to rft only; the rft version is reviewed (or deployed), never moved by hand.
    expect(await screen.findByRole('button', { name: 'Send for test' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Review' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deploy' })).toBeNull());
    // The newer version links to the diff against the one before it.
    expect(screen.getByRole('link', { name: 'Compare with 1.0' }).getAttribute('href')).toBe(
      '/studio/apps/7/diff?from=version%3A3&to=version%3A4',
    );
  });

  it('offers no change to someone who may not edit the app', async () => {
    mockApi({ [PERMISSIONS_PATH]: permissions('can_access_studio', 'can_deploy_production') });
    renderWithProviders(<VersionsTab detail={makeDetail()} canEdit={false} />);
    expect(await screen.findByText('1.0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deploy' })).toBeNull();
  });
});
