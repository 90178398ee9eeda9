import { STUDIO_PATHS, STUDIO_SETTINGS_PATHS, type StudioWorkingCopy } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { StudioAppRoute } from '../apps/app-routes';
import { makeBranch, makeDetail, PERMISSIONS_PATH, permissions } from '../apps/test-data';

const supplier = {
  tag: 'supplier',
  name: 'Supplier',
  fields: [
    { tag: 'name', type: 'char_field', label: 'Name', required: true },
    { tag: 'vat_number', type: 'char_field', label: 'VAT number' },
  ],
  title_field: 'name',
};
const pkg: StudioWorkingCopy = {
  processes: [{ kind: { tag: 'onboarding', name: 'Onboarding' } }],
  objects: [supplier],
};

const routes = [
  ...['/studio/apps/:id', '/studio/apps/:id/:branch', '/studio/apps/:id/:branch/:savepoint'].map((path) => ({
    path,
    element: <StudioAppRoute />,
  })),
  { path: '/studio/apps/:id/:branch/objects/:object', element: <p>object designer</p> },
  { path: '/studio/apps/:id/:branch/designer/:process', element: <p>process designer</p> },
];

function mockApp(canEdit = true) {
  const detail = makeDetail();
  return mockApi({
    [STUDIO_PATHS.app(7)]: { body: detail },
    [STUDIO_SETTINGS_PATHS.settings(7)]: {
      body: { app: detail.app, editors: { users: [], groups: [] }, can_edit: canEdit },
    },
    [STUDIO_PATHS.branch(7, 11)]: { body: { ...makeBranch(), package: pkg } },
    [STUDIO_PATHS.workingCopy(7, 11)]: { body: { ...makeBranch({ revision: 5 }), package: pkg } },
    [PERMISSIONS_PATH]: permissions('can_access_studio'),
  });
}

function sentPackages(fetchMock: ReturnType<typeof mockApi>) {
  return callsTo(fetchMock, STUDIO_PATHS.workingCopy(7, 11)).map(
    ([, init]) => (JSON.parse(String(init?.body)) as { package: StudioWorkingCopy }).package,
  );
}

describe('the app page’s objects tab', () => {
  it('lists the branch’s object types with their tag, field count and designer', async () => {
    mockApp();
    renderRoutes(routes, { url: '/studio/apps/7?tab=objects' });
    const table = await screen.findByTestId('studio-objects');
    const row = within(table).getByText('Supplier').closest('tr') as HTMLElement;
    expect(within(row).getByText('supplier')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Designer of Supplier' }).getAttribute('href')).toBe(
      '/studio/apps/7/main/objects/supplier',
    );
  });

  it('creates an object type with the tag its name suggests, keeping the processes, and opens it', async () => {
    const fetchMock = mockApp();
    const { router } = renderRoutes(routes, { url: '/studio/apps/7?tab=objects' });
    fireEvent.click(await screen.findByRole('button', { name: 'New object type' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Service contract' },
    });
    expect((within(dialog).getByRole('textbox', { name: /^Tag/ }) as HTMLInputElement).value).toBe(
      'service_contract',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/studio/apps/7/main/objects/service_contract'),
    );
    const [sent] = sentPackages(fetchMock);
    expect(sent?.processes).toEqual(pkg.processes);
    expect(sent?.objects?.map((o) => [o.tag, o.name, o.title_field])).toEqual([
      ['supplier', 'Supplier', 'name'],
      ['service_contract', 'Service contract', 'name'],
    ]);
  });

  it('refuses a tag the branch already has', async () => {
    const fetchMock = mockApp();
    renderRoutes(routes, { url: '/studio/apps/7?tab=objects' });
    fireEvent.click(await screen.findByRole('button', { name: 'New object type' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Supplier' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('This branch already has an object type tagged supplier.'),
    ).toBeTruthy();
    expect(sentPackages(fetchMock)).toHaveLength(0);
  });

  it('deletes an object type from the branch after asking', async () => {
    const fetchMock = mockApp();
    renderRoutes(routes, { url: '/studio/apps/7?tab=objects' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Supplier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentPackages(fetchMock)).toHaveLength(1));
    expect(sentPackages(fetchMock)[0]).toEqual({ processes: pkg.processes, objects: [] });
  });

  it('keeps the object types when a new process is added beside them', async () => {
    const fetchMock = mockApp();
    const { router } = renderRoutes(routes, { url: '/studio/apps/7' });
    fireEvent.click(await screen.findByRole('button', { name: 'New process' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Process name/ }), {
      target: { value: 'Renewal' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/apps/7/main/designer/renewal'));
    expect(sentPackages(fetchMock)[0]?.objects).toEqual([supplier]);
  });

  it('offers no change to someone who may not edit the app', async () => {
    mockApp(false);
    renderRoutes(routes, { url: '/studio/apps/7?tab=objects' });
    await screen.findByTestId('studio-objects');
    expect(screen.queryByRole('button', { name: 'New object type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Supplier' })).toBeNull();
  });
});
