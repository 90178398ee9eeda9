import { STUDIO_MOVE_MESSAGES, STUDIO_MOVE_PATHS, type StudioDeployment } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeDetail, makeVersion, PERMISSIONS_PATH, permissions } from '../apps/test-data';
import { VersionsTab } from '../apps/versions-tab';
import { MoveWorkflowsButton } from './move-workflows-button';

const at = '2026-11-20T10:00:00.000Z';
const version = makeVersion({ stage: 'deployed' });
const production: StudioDeployment = {
  id: 1,
  version_id: 3,
  environment: 'PRODUCTION',
  published: [{ kind_tag: 'vendor_review', definition_id: 40, version: 2 }],
  deployed_by: 1,
  deployed_at: at,
};
const detail = makeDetail({ versions: [version], deployments: [production] });
const target = { kind_tag: 'vendor_review', definition_id: 40, version: 2 };
const reason = {
  code: 'open_step_removed' as const,
  message: "The step 'Legal check' is open and the new version no longer has it.",
  step_tag: 'legal_check',
  field_tag: null,
};
const preview = {
  results: [
    { workflow_id: 101, name: 'Acme Corp', from_version: 1, movable: true, reasons: [] },
    { workflow_id: 102, name: 'Globex', from_version: 1, movable: false, reasons: [reason] },
  ],
  count: 2,
  next: null,
  previous: null,
  target,
  movable_count: 1,
  refused_count: 1,
};
const move = {
  id: 5,
  app_id: 7,
  version_id: 3,
  target,
  state: 'finished' as const,
  total: 1,
  done: 1,
  moved: 1,
  refused: 0,
  created_by: 1,
  created_at: at,
  started_at: at,
  finished_at: at,
};
const results = {
  results: [
    {
      workflow_id: 101,
      name: 'Acme Corp',
      outcome: 'moved' as const,
      reasons: [],
      from_version: 1,
      moved_at: at,
      moved_back_at: null,
    },
  ],
  count: 1,
  next: null,
  previous: null,
};

describe('Moving running workflows', () => {
  it('is offered only to people who may deploy to Production, from a version deployed there', async () => {
    // The Deploy menu shows once the permissions are in; only then is the missing action meaningful.
    mockApi({ [PERMISSIONS_PATH]: permissions('can_access_studio', 'can_deploy_qa') });
    const first = renderWithProviders(<VersionsTab detail={detail} canEdit />);
    await screen.findByRole('button', { name: 'Deploy' });
    expect(screen.queryByRole('button', { name: 'Move running workflows' })).toBeNull();
    first.unmount();

    mockApi({ [PERMISSIONS_PATH]: permissions('can_deploy_production') });
    const notDeployed = makeDetail({ versions: [version], deployments: [] });
    const second = renderWithProviders(<VersionsTab detail={notDeployed} canEdit />);
    await screen.findByRole('button', { name: 'Deploy' });
    expect(screen.queryByRole('button', { name: 'Move running workflows' })).toBeNull();
    second.unmount();

    // Only the version Production runs now is a target, not one Production ran before.
    mockApi({ [PERMISSIONS_PATH]: permissions('can_deploy_production') });
    const newer = makeVersion({ id: 4, minor: 1, stage: 'deployed' });
    const twoDeployed = makeDetail({
      versions: [newer, version],
      deployments: [{ ...production, id: 2, version_id: 4 }, production],
    });
    renderWithProviders(<VersionsTab detail={twoDeployed} canEdit />);
    await screen.findByRole('button', { name: 'Move running workflows' });
    expect(screen.getAllByRole('button', { name: 'Move running workflows' })).toHaveLength(1);
    const row = screen.getByTestId('studio-version-1.1');
    expect(within(row).getByRole('button', { name: 'Move running workflows' })).toBeTruthy();
  });

  it('previews each workflow with its reasons, moves the picked ones and shows progress and results', async () => {
    const fetchMock = mockApi({
      [PERMISSIONS_PATH]: permissions('can_deploy_production'),
      [STUDIO_MOVE_PATHS.preview(7, 3)]: { body: preview },
      [STUDIO_MOVE_PATHS.moves(7, 3)]: { body: { ...move, state: 'queued', done: 0, moved: 0 } },
      [STUDIO_MOVE_PATHS.move(7, 3, 5)]: { body: { ...move, results } },
      [STUDIO_MOVE_PATHS.moveBack(7, 3, 5, 101)]: {
        status: 409,
        body: { detail: STUDIO_MOVE_MESSAGES.submittedSince, code: 'conflict' },
      },
    });
    renderWithProviders(<MoveWorkflowsButton detail={detail} version={version} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move running workflows' }));
    const dialog = await screen.findByRole('dialog', { name: /Move running workflows to version/ });

    expect(await within(dialog).findByText('1 can move to version 2, 1 cannot.')).toBeTruthy();
    expect(within(dialog).getByText(reason.message)).toBeTruthy();
    const refusedRow = within(dialog).getByTestId('studio-move-row-102');
    expect(within(refusedRow).getByText('Cannot move')).toBeTruthy();
    expect(within(refusedRow).getByRole('checkbox', { name: 'Pick Globex' }).hasAttribute('disabled')).toBe(
      true,
    );

    // Nothing picked yet: nothing to start.
    const start = within(dialog).getByRole('button', { name: 'Move 0 workflows' });
    expect(start.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Pick Acme Corp' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 1 workflow' }));

    await waitFor(() => {
      const posts = callsTo(fetchMock, STUDIO_MOVE_PATHS.moves(7, 3));
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({
        process: 'vendor_review',
        workflow_ids: [101],
      });
    });
    const progress = await within(dialog).findByTestId('studio-move-progress');
    expect(await within(progress).findByText('Finished')).toBeTruthy();
    expect(within(progress).getByRole('progressbar', { name: 'Move progress' })).toBeTruthy();
    expect(within(progress).getByText('1 of 1 looked at: 1 moved, 0 refused')).toBeTruthy();
    const row = within(progress).getByTestId('studio-move-result-101');
    expect(within(row).getByText('Moved')).toBeTruthy();

    // Moving back is refused by the server once a step was submitted since: its message is shown.
    fireEvent.click(within(row).getByRole('button', { name: 'Move back Acme Corp' }));
    expect(await within(row).findByText(STUDIO_MOVE_MESSAGES.submittedSince)).toBeTruthy();
  });

  it('moves every movable workflow without naming them', async () => {
    const fetchMock = mockApi({
      [PERMISSIONS_PATH]: permissions('can_deploy_production'),
      [STUDIO_MOVE_PATHS.preview(7, 3)]: { body: preview },
      [STUDIO_MOVE_PATHS.moves(7, 3)]: { body: { ...move, state: 'running', done: 0, moved: 0 } },
      [STUDIO_MOVE_PATHS.move(7, 3, 5)]: {
        body: {
          ...move,
          state: 'running',
          done: 0,
          moved: 0,
          results: { ...results, results: [], count: 0 },
        },
      },
    });
    renderWithProviders(<MoveWorkflowsButton detail={detail} version={version} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move running workflows' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Move every movable workflow (1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move 1 workflow' }));
    await waitFor(() => {
      const posts = callsTo(fetchMock, STUDIO_MOVE_PATHS.moves(7, 3));
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ process: 'vendor_review' });
    });
    expect(await screen.findByText('Moving…')).toBeTruthy();
  });
});
