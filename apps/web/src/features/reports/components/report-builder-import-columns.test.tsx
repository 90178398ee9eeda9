import { REPORT_PATHS, WORKFLOW_PATHS } from '@attest/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { makeConfiguration } from '../../../test/fixtures';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { configurationQueryOptions } from '../../configuration';
import { ReportBuilderPage } from './report-builder-page';
import { page } from './test-data';

afterEach(() => vi.unstubAllGlobals());

// Spec 2 §3.4: import_pipeline_* are "shown only when the structured data object feature is enabled".
function renderBuilder(featureOn: boolean) {
  mockApi({
    [WORKFLOW_PATHS.kinds]: { body: page([]) },
    [REPORT_PATHS.preview]: { body: { results: [['Count'], [0]], count: 1 } },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    configurationQueryOptions().queryKey,
    makeConfiguration({ feature_toggles: { ENABLE_STRUCTURED_DATA_OBJECT: featureOn } }),
  );
  renderRoutes(
    [{ path: '/dashboards/:id/report/new', element: <ReportBuilderPage dashboardId={5} reportId={null} /> }],
    { url: '/dashboards/5/report/new', queryClient },
  );
}

async function columnOptions(): Promise<string[]> {
  await screen.findByRole('textbox', { name: 'Name' });
  fireEvent.click(screen.getByRole('combobox', { name: 'Columns' }));
  await screen.findByRole('option', { name: 'Status' });
  return screen.getAllByRole('option').map((option) => option.textContent ?? '');
}

describe('the report builder: import pipeline columns', { timeout: 60_000 }, () => {
  it('offers the import columns while ENABLE_STRUCTURED_DATA_OBJECT is on', async () => {
    renderBuilder(true);
    expect(await columnOptions()).toEqual(
      expect.arrayContaining(['Import ID', 'Import file', 'Imported at', 'Imported by (e-mail)']),
    );
  });

  it('does not offer them while it is off', async () => {
    renderBuilder(false);
    const options = await columnOptions();
    expect(options).toContain('Status');
    for (const name of ['Import ID', 'Import file', 'Imported at', 'Imported by (e-mail)'])
      expect(options).not.toContain(name);
  });
});
