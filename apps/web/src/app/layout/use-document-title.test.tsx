import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { brandNameOf, useDocumentTitle } from './use-document-title';

function Frame({ brand }: { brand: string }) {
  useDocumentTitle(brand);
  return <Outlet />;
}

const page = (text: string) => <p>{text}</p>;

function renderAt(url: string, brand = 'Globex') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Frame brand={brand} />,
        children: [
          { path: 'workflows/instances', handle: { area: 'dashboard' }, element: page('dashboard') },
          {
            path: 'settings',
            handle: { area: 'dashboard' },
            children: [{ path: 'users', handle: { title: 'admin.nav.users' }, element: page('users') }],
          },
          { path: 'untitled', element: page('untitled') },
        ],
      },
    ],
    { url },
  );
}

afterEach(() => {
  document.title = '';
});

describe('the document title', () => {
  it("names the page and the tenant's brand, and follows navigation", async () => {
    const { router } = renderAt('/workflows/instances');
    await screen.findByText('dashboard');
    expect(document.title).toBe('Workflow dashboard · Globex');
    // The deepest route that names the page wins over its parent.
    await act(() => router.navigate('/settings/users'));
    await screen.findByText('users');
    expect(document.title).toBe('Users · Globex');
    // A page without a name shows the brand alone, never the previous page's name.
    await act(() => router.navigate('/untitled'));
    await screen.findByText('untitled');
    expect(document.title).toBe('Globex');
  });

  it("uses the tenant's name, or the brand's title when it has none", () => {
    expect(brandNameOf({ name: 'Globex', brand_title: 'Attest Ownership' })).toBe('Globex');
    expect(brandNameOf({ name: ' ', brand_title: 'Attest Ownership' })).toBe('Attest Ownership');
  });
});
