import { ADMIN_PATHS, STUDIO_TEST_WORKFLOW_PATHS, type StudioDeployment } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { DeploymentsTab } from '../apps/deployments-tab';
import { makeDetail, makeVersion, PERMISSIONS_PATH, permissions } from '../apps/test-data';

const at = '2026-11-20T10:00:00.000Z';
const qa: StudioDeployment = {
  id: 2,
  version_id: 3,
  environment: 'QA',
  published: [{ kind_tag: 'vendor_review', definition_id: 41, version: 2 }],
  deployed_by: 1,
  deployed_at: at,
};
const detail = makeDetail({ versions: [makeVersion()], deployments: [qa] });
const QA_LIST = STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('QA');
// The mock answers by path only, so the list's GET and the purge's DELETE share one answer that
// both schemas read (each ignores the other's keys).
const qaList = {
  body: {
    results: [
      {
        id: 900,
        name: 'QA trial',
        environment: 'QA',
        kind_id: 4,
        kind_tag: 'vendor_review',
        definition_id: 41,
        version: 2,
        status_id: 1,
        progress: 0,
        created_by: 1,
        created_at: at,
      },
    ],
    count: 1,
    next: null,
    previous: null,
    purged: 1,
  },
};
const empty = { body: { results: [], count: 0, next: null, previous: null } };

describe('Test environments (deployments tab)', () => {
  it('shows only the test environments the person may deploy to, with their version and test workflows', async () => {
    mockApi({
      [PERMISSIONS_PATH]: permissions('can_access_studio', 'can_deploy_qa', 'can_deploy_uat'),
      [QA_LIST]: qaList,
      [STUDIO_TEST_WORKFLOW_PATHS.testWorkflows('UAT')]: empty,
    });
    renderWithProviders(<DeploymentsTab detail={detail} />);
    const panel = await screen.findByTestId('studio-test-env-QA');
    expect(within(panel).getByText('Runs 1.0')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Start test workflow vendor_review' })).toBeTruthy();
    const link = await within(panel).findByRole('link', { name: 'QA trial' });
    expect(link.getAttribute('href')).toBe('/process/900');
    const uat = screen.getByTestId('studio-test-env-UAT');
    expect(within(uat).getByText('Nothing deployed here yet')).toBeTruthy();
    expect(within(uat).queryByRole('button', { name: /Start test workflow/ })).toBeNull();
    expect(screen.queryByTestId('studio-test-env-DEVELOPMENT')).toBeNull();
    expect(screen.queryByTestId('studio-test-env-STAGING')).toBeNull();
  });

  it('shows no test environment to someone who may deploy to none', async () => {
    mockApi({ [PERMISSIONS_PATH]: permissions('can_access_studio', 'can_deploy_production') });
    renderWithProviders(<DeploymentsTab detail={detail} />);
    expect(await screen.findByTestId('studio-environments')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('studio-test-environments')).toBeNull());
  });

  it('purges only once confirmed', async () => {
    const fetchMock = mockApi({ [PERMISSIONS_PATH]: permissions('can_deploy_qa'), [QA_LIST]: qaList });
    const deletes = () =>
      callsTo(fetchMock, QA_LIST).filter(
        ([, init]) => (init as RequestInit | undefined)?.method === 'DELETE',
      );
    renderWithProviders(<DeploymentsTab detail={detail} />);
    const panel = await screen.findByTestId('studio-test-env-QA');
    fireEvent.click(within(panel).getByRole('button', { name: 'Purge test workflows' }));
    const confirm = await screen.findByRole('dialog', { name: 'Purge the test workflows of QA?' });
    expect(
      within(confirm).getByText('Every test workflow in QA, of every app, is deleted for good.'),
    ).toBeTruthy();
    expect(deletes()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Purge test workflows' }));
    const again = await screen.findByRole('dialog', { name: 'Purge the test workflows of QA?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Purge test workflows' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
  });

  it('starts a test workflow and links to its process page', async () => {
    const start = STUDIO_TEST_WORKFLOW_PATHS.startTestWorkflow(7, 'QA', 'vendor_review');
    const fetchMock = mockApi({
      [PERMISSIONS_PATH]: permissions('can_deploy_qa'),
      [QA_LIST]: empty,
      [ADMIN_PATHS.regions]: {
        body: { results: [{ id: 3, name: 'Europe' }], count: 1, next: null, previous: null },
      },
      [start]: { body: makeWorkflowDetail({ overrides: { id: 901, name: 'Trial run' } }) },
    });
    renderWithProviders(<DeploymentsTab detail={detail} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start test workflow vendor_review' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Start a test workflow of vendor_review in QA',
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Trial run' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Region/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Europe' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start test workflow' }));
    await waitFor(() => {
      const posts = callsTo(fetchMock, start);
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ name: 'Trial run', region_id: 3 });
    });
    const open = await within(dialog).findByRole('link', { name: 'Open its process page' });
    expect(open.getAttribute('href')).toBe('/process/901');
  });
});
