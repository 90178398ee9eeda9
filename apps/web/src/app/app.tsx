import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary, ErrorPage } from '../features/errors';
import { BootGate } from './boot/boot-gate';
import { TelemetryContext } from './boot/telemetry-context';
import { AppProviders } from './providers/app-providers';
import { createQueryClient } from './providers/query-client';
import { createAppRouter } from './router/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      {/* Catches what the router cannot: failures while booting (strings, session). */}
      <ErrorBoundary fallback={() => <ErrorPage />}>
        <BootGate>
          <TelemetryContext />
          <RouterProvider router={router} />
        </BootGate>
      </ErrorBoundary>
    </AppProviders>
  );
}
