import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

type Options = { path?: string; url?: string };

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

// Renders one element at a URL with the providers a page expects; transitions and portals off.
export function renderWithProviders(ui: ReactElement, { path = '*', url = '/' }: Options = {}): RenderResult {
  return renderRoutes([{ path, element: ui }], { url }).result;
}

// Several routes, for tests that follow a navigation; the router tells where the app went.
export function renderRoutes(
  routes: RouteObject[],
  { url = '/', queryClient = createTestQueryClient() }: { url?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { result, router, queryClient };
}
