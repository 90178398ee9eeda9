import { STUDIO_PATHS } from '@attest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { AppsListPage } from './apps-list-page';
import { makeListItem } from './test-data';

const page = (results: unknown[], count = results.length) => ({
  body: { count, next: null, previous: null, results },
});
const queryOf = (call: unknown[]) => new URL(String(call[0]), 'http://acme.localhost').searchParams;

function renderList(url = '/studio/apps/') {
  return renderRoutes([{ path: '/studio/apps/', element: <AppsListPage /> }], { url });
}

describe('AppsListPage', () => {
  it('shows each app with its icon, latest version and stage, and where it is deployed', async () => {
    mockApi({ [STUDIO_PATHS.apps]: page([makeListItem()]) });
    renderList();
    const link = await screen.findByRole('link', { name: 'Third-party risk' });
    expect(link.getAttribute('href')).toBe('/studio/apps/7');
    expect(screen.getByText('Vendor onboarding and reviews')).toBeTruthy();
    expect(screen.getByText('1.0')).toBeTruthy();
    expect(screen.getByText('Deployed')).toBeTruthy();
    expect(screen.getByText('Production')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Activity log' }).getAttribute('href')).toBe(
      '/studio/activity-logs',
    );
    expect(screen.getByRole('link', { name: 'Versions by stage' }).getAttribute('href')).toBe(
      '/studio/records/draft',
    );
  });

  it('searches on the server once typing pauses, and keeps the search in the address', async () => {
    const fetchMock = mockApi({ [STUDIO_PATHS.apps]: page([makeListItem()]) });
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Third-party risk' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search apps' }), { target: { value: 'risk' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=risk'));
    await waitFor(() =>
      expect(callsTo(fetchMock, STUDIO_PATHS.apps).some((call) => queryOf(call).get('q') === 'risk')).toBe(
        true,
      ),
    );
  });

  it('shows the search of the address again after going back', async () => {
    mockApi({ [STUDIO_PATHS.apps]: page([makeListItem()]) });
    const { router } = renderList('/studio/apps/?q=vendor');
    const box = await screen.findByRole('searchbox', { name: 'Search apps' });
    expect((box as HTMLInputElement).value).toBe('vendor');
    await router.navigate('/studio/apps/?q=risk');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('risk'));
    await router.navigate(-1);
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('vendor'));
    // Going back is not undone by the search box sending its old text again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.search).toBe('?q=vendor');
  });

  it('pages on the server and starts from the page in the address', async () => {
    const apps = Array.from({ length: 20 }, (_, i) => makeListItem({ id: i + 1, name: `App ${i + 1}` }));
    const fetchMock = mockApi({ [STUDIO_PATHS.apps]: page(apps, 45) });
    const { router } = renderList('/studio/apps/?q=app&page=2');
    await screen.findByRole('link', { name: 'App 1' });
    const first = queryOf(callsTo(fetchMock, STUDIO_PATHS.apps)[0] ?? []);
    expect(first.get('offset')).toBe('20');
    expect(first.get('q')).toBe('app');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=app&page=3'));
    await waitFor(() =>
      expect(callsTo(fetchMock, STUDIO_PATHS.apps).some((call) => queryOf(call).get('offset') === '40')).toBe(
        true,
      ),
    );
  });

  it('invites creating the first app when the tenant has none', async () => {
    mockApi({ [STUDIO_PATHS.apps]: page([]) });
    renderList();
    expect(await screen.findByText('No apps yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create your first app' }));
    expect(await screen.findByRole('dialog', { name: 'New app' })).toBeTruthy();
  });

  it('shows the server’s field errors on the New app form', async () => {
    mockApi({
      [STUDIO_PATHS.apps]: () => page([]),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'New app' }));
    const dialog = await screen.findByRole('dialog', { name: 'New app' });
    expect(dialog).toBeTruthy();
    mockApi({
      [STUDIO_PATHS.apps]: {
        status: 400,
        body: { detail: 'Check the fields.', code: 'invalid', errors: { name: ['Name is too long.'] } },
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByText('Name is too long.')).toBeTruthy();
  });
});
