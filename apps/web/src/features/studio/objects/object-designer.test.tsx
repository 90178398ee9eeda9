import {
  ObjectTypeDefinitionSchema,
  STUDIO_PATHS,
  STUDIO_SETTINGS_PATHS,
  type StudioWorkingCopy,
} from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, type Reply } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { makeBranch, makeDetail, PERMISSIONS_PATH, permissions } from '../apps/test-data';
import { ObjectDesignerPage } from './object-designer';

const supplier = {
  tag: 'supplier',
  name: 'Supplier',
  fields: [{ tag: 'name', type: 'char_field', label: 'Name', required: true }],
  title_field: 'name',
  unique_keys: [],
  relations: [],
  has_region: false,
  has_business_unit: false,
};
const onboarding = { kind: { tag: 'onboarding', name: 'Onboarding' }, statuses: [], step_groups: [] };
const routes = [
  { path: '/studio/apps/:id/:branch/objects/:object', element: <ObjectDesignerPage /> },
  { path: '/studio/apps/:id', element: <p>app page</p> },
];

function branchReply(revision: number, pkg: StudioWorkingCopy): Reply {
  return { body: { ...makeBranch({ revision }), package: pkg } };
}

function mockStudio(workingCopy: () => Reply, branch: () => Reply = () => branchReply(4, start())) {
  const detail = makeDetail();
  return mockApi({
    [STUDIO_PATHS.app(7)]: { body: detail },
    [STUDIO_SETTINGS_PATHS.settings(7)]: {
      body: { app: detail.app, editors: { users: [], groups: [] }, can_edit: true },
    },
    [STUDIO_PATHS.branch(7, 11)]: branch,
    [STUDIO_PATHS.workingCopy(7, 11)]: workingCopy,
    [PERMISSIONS_PATH]: permissions('can_access_studio'),
  });
}

const start = (): StudioWorkingCopy => ({ processes: [onboarding], objects: [supplier] });

function sentPackages(fetchMock: ReturnType<typeof mockApi>) {
  return callsTo(fetchMock, STUDIO_PATHS.workingCopy(7, 11)).map(
    ([, init]) => JSON.parse(String(init?.body)) as { revision: number; package: StudioWorkingCopy },
  );
}

async function choose(label: string | RegExp, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the object type designer', () => {
  it('adds a field, makes it the title (the schema asks for it to be required), and saves a valid package', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockStudio(() => branchReply(5, start()));
    renderRoutes(routes, { url: '/studio/apps/7/main/objects/supplier' });
    expect(await screen.findByRole('heading', { name: 'Supplier' })).toBeTruthy();
    expect(screen.getByTestId('object-issue-count').textContent).toBe('No problems');

    await choose('Add a field', 'Short text');
    const panel = await screen.findByTestId('object-field-panel');
    const label = within(panel).getByRole('textbox', { name: 'Label' });
    fireEvent.change(label, { target: { value: 'Legal name' } });
    // A field not saved yet takes the tag its label suggests.
    expect((within(panel).getByRole('textbox', { name: /^Tag/ }) as HTMLInputElement).value).toBe(
      'legal_name',
    );
    await choose(/^Title field/, 'Legal name');

    // The schema's own message, next to the title field, until the field is required.
    expect(
      await screen.findByText("The title field 'legal_name' must be required: every record has a title."),
    ).toBeTruthy();
    expect(screen.getByTestId('object-issue-count').textContent).toBe('Problems: 1');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Required' }));
    await waitFor(() => expect(screen.getByTestId('object-issue-count').textContent).toBe('No problems'));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    const [sent] = sentPackages(fetchMock);
    expect(sent?.revision).toBe(4);
    // The process stays; the object type parses as the server will read it when a version is made.
    expect(sent?.package.processes).toEqual([onboarding]);
    const definition = ObjectTypeDefinitionSchema.parse(sent?.package.objects?.[0]);
    expect(definition.title_field).toBe('legal_name');
    expect(definition.fields.map((f) => [f.tag, f.type, f.required])).toEqual([
      ['name', 'char_field', true],
      ['legal_name', 'char_field', true],
    ]);
  });

  it('shows the schema’s errors inline: an empty unique key, a business unit without a region', {
    timeout: 60_000,
  }, async () => {
    mockStudio(() => branchReply(5, start()));
    renderRoutes(routes, { url: '/studio/apps/7/main/objects/supplier' });
    await screen.findByRole('heading', { name: 'Supplier' });
    fireEvent.click(screen.getByRole('button', { name: 'Add unique key' }));
    // An empty key is refused by the schema, under the key's own input.
    await waitFor(() => expect(screen.getByTestId('object-issue-count').textContent).toBe('Problems: 1'));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Records have a business unit/ }));
    expect(
      await screen.findByText('A business unit sits inside a region: turn on has_region too.'),
    ).toBeTruthy();
  });

  it('saves onto a branch someone else saved meanwhile, keeping their other changes', {
    timeout: 60_000,
  }, async () => {
    const theirs = { ...supplier, tag: 'contract', name: 'Contract' };
    let puts = 0;
    let gets = 0;
    const fetchMock = mockStudio(
      () => {
        puts += 1;
        return puts === 1
          ? { status: 409, body: { detail: 'Someone saved this branch.', code: 'stale_revision' } }
          : branchReply(7, start());
      },
      () => {
        gets += 1;
        return gets === 1
          ? branchReply(4, start())
          : branchReply(6, { processes: [], objects: [supplier, theirs] });
      },
    );
    renderRoutes(routes, { url: '/studio/apps/7/main/objects/supplier' });
    await screen.findByRole('heading', { name: 'Supplier' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Vendor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentPackages(fetchMock)).toHaveLength(2));
    const second = sentPackages(fetchMock)[1];
    expect(second?.revision).toBe(6);
    expect(second?.package.objects?.map((o) => [o.tag, o.name])).toEqual([
      ['supplier', 'Vendor'],
      ['contract', 'Contract'],
    ]);
  });

  it('asks before leaving with unsaved changes', { timeout: 60_000 }, async () => {
    const fetchMock = mockStudio(() => branchReply(5, start()));
    const { router } = renderRoutes(routes, { url: '/studio/apps/7/main/objects/supplier' });
    await screen.findByRole('heading', { name: 'Supplier' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Vendor' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to the app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/studio/apps/7/main/objects/supplier');
    fireEvent.click(screen.getByRole('link', { name: 'Back to the app' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/apps/7'));
    expect(sentPackages(fetchMock)).toHaveLength(0);
  });
});
