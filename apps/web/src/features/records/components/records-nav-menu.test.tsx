import type { PermissionCodename } from '@attest/shared';
import { RECORD_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockRecordsApi } from '../../../test/record-fixtures';
import { renderWithProviders } from '../../../test/render';
import { HeaderNav } from '../../shell';

afterEach(() => vi.unstubAllGlobals());

const allowing =
  (...codenames: PermissionCodename[]) =>
  (codename: PermissionCodename) =>
    codenames.includes(codename);
// jsdom matches no media query, so the wide-screen row counts as hidden there: asked for anyway.
const hidden = { hidden: true };

const types = {
  results: [
    {
      id: 3,
      tag: 'supplier',
      name: 'Supplier',
      version: 1,
      has_region: true,
      has_business_unit: false,
      record_count_estimate: 4,
    },
    {
      id: 4,
      tag: 'site',
      name: 'Site',
      version: 2,
      has_region: false,
      has_business_unit: false,
      record_count_estimate: 0,
    },
  ],
};

describe('Records in the header navigation', () => {
  it('is there only for people with can_view_records', () => {
    mockRecordsApi({});
    const { unmount } = renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_dashboard')} onOpenSearch={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Records', ...hidden })).toBeNull();
    unmount();
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_records')} onOpenSearch={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Records', ...hidden })).toBeTruthy();
  });

  it('asks for the record types only once opened, and links each to its list', async () => {
    const calls = mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_records')} onOpenSearch={vi.fn()} />,
      { url: '/records/site/5' },
    );
    const button = screen.getByRole('button', { name: 'Records', ...hidden });
    expect(calls.some((c) => c.path === RECORD_PATHS.objectTypes)).toBe(false);
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', hidden);
    await waitFor(() => expect(within(menu).getAllByRole('menuitem', hidden)).toHaveLength(2));
    const site = within(menu).getByRole('menuitem', { name: 'Site', ...hidden });
    expect(site.getAttribute('href')).toBe('/records/site');
    expect(site.getAttribute('aria-current')).toBe('page');
    expect(
      within(menu)
        .getByRole('menuitem', { name: 'Supplier', ...hidden })
        .getAttribute('href'),
    ).toBe('/records/supplier');
  });

  it('offers Imports beside the types only with can_view_import_pipeline', async () => {
    mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    const first = renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_records')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Records', ...hidden }));
    let menu = await screen.findByRole('menu', hidden);
    await waitFor(() => expect(within(menu).getAllByRole('menuitem', hidden)).toHaveLength(2));
    expect(within(menu).queryByRole('menuitem', { name: 'Imports', ...hidden })).toBeNull();
    first.unmount();

    renderWithProviders(
      <HeaderNav
        user={makeUser()}
        can={allowing('can_view_records', 'can_view_import_pipeline')}
        onOpenSearch={vi.fn()}
      />,
      { url: '/batch-import/7' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Records', ...hidden }));
    menu = await screen.findByRole('menu', hidden);
    const imports = await within(menu).findByRole('menuitem', { name: 'Imports', ...hidden });
    expect(imports.getAttribute('href')).toBe('/batch-imports');
    expect(imports.getAttribute('aria-current')).toBe('page');
  });

  it('is there for the import pipeline alone, offering only Imports', async () => {
    const calls = mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_import_pipeline')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Records', ...hidden }));
    const menu = await screen.findByRole('menu', hidden);
    expect(
      within(menu)
        .getAllByRole('menuitem', hidden)
        .map((item) => item.textContent),
    ).toEqual(['Imports']);
    expect(calls.some((c) => c.path === RECORD_PATHS.objectTypes)).toBe(false);
  });

  it('offers Batch updates only with can_perform_batch_import, the permission the API asks', async () => {
    mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    const first = renderWithProviders(
      <HeaderNav
        user={makeUser()}
        can={allowing('can_view_records', 'can_view_import_pipeline')}
        onOpenSearch={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Records', ...hidden }));
    let menu = await screen.findByRole('menu', hidden);
    await within(menu).findByRole('menuitem', { name: 'Imports', ...hidden });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem', hidden)).toHaveLength(3));
    expect(within(menu).queryByRole('menuitem', { name: 'Batch updates', ...hidden })).toBeNull();
    first.unmount();

    renderWithProviders(
      <HeaderNav
        user={makeUser()}
        can={allowing('can_view_records', 'can_view_import_pipeline', 'can_perform_batch_import')}
        onOpenSearch={vi.fn()}
      />,
      { url: '/batch-update/12' },
    );
    const button = screen.getByRole('button', { name: 'Records', ...hidden });
    // The area is shown as the current one on a batch update's page.
    expect(button.getAttribute('data-variant')).toBe('light');
    fireEvent.click(button);
    menu = await screen.findByRole('menu', hidden);
    const updates = await within(menu).findByRole('menuitem', { name: 'Batch updates', ...hidden });
    expect(updates.getAttribute('href')).toBe('/batch-updates');
    expect(updates.getAttribute('aria-current')).toBe('page');
    expect(
      within(menu)
        .getByRole('menuitem', { name: 'Imports', ...hidden })
        .getAttribute('aria-current'),
    ).toBeNull();
  });

  it('is there for a person who may only make batch updates, offering only Batch updates', async () => {
    const calls = mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_perform_batch_import')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Records', ...hidden }));
    const menu = await screen.findByRole('menu', hidden);
    expect(
      within(menu)
        .getAllByRole('menuitem', hidden)
        .map((item) => item.textContent),
    ).toEqual(['Batch updates']);
    expect(calls.some((c) => c.path === RECORD_PATHS.objectTypes)).toBe(false);
  });

  it('offers Batch updates in the narrow screen menu too, by the same permission', async () => {
    mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    const first = renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_import_pipeline')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    let records = await screen.findByRole('menuitem', { name: 'Records' });
    fireEvent.keyDown(records, { key: 'ArrowRight' });
    await screen.findByRole('menuitem', { name: 'Imports', ...hidden });
    expect(screen.queryByRole('menuitem', { name: 'Batch updates', ...hidden })).toBeNull();
    first.unmount();

    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_perform_batch_import')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    records = await screen.findByRole('menuitem', { name: 'Records' });
    fireEvent.keyDown(records, { key: 'ArrowRight' });
    const updates = await screen.findByRole('menuitem', { name: 'Batch updates', ...hidden });
    expect(updates.getAttribute('href')).toBe('/batch-updates');
  });

  it('offers the record types in a submenu of the narrow screen menu', async () => {
    const calls = mockRecordsApi({ [RECORD_PATHS.objectTypes]: { body: types } });
    renderWithProviders(
      <HeaderNav user={makeUser()} can={allowing('can_view_records')} onOpenSearch={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    await screen.findByRole('menuitem', { name: 'Records' });
    expect(calls.some((c) => c.path === RECORD_PATHS.objectTypes)).toBe(false);
    const records = await screen.findByRole('menuitem', { name: 'Records' });
    // A submenu opens on hover (a tap on a phone) or with the arrow key.
    fireEvent.keyDown(records, { key: 'ArrowRight' });
    const supplier = await screen.findByRole('menuitem', { name: 'Supplier', ...hidden });
    expect(supplier.getAttribute('href')).toBe('/records/supplier');
  });
});
