import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { TOAST_DURATION_MS } from '@attest/shared';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useConfigurationQuery } from '../../features/configuration';
import { createAppTheme } from './theme';

function ThemedMantine({ children }: { children: ReactNode }) {
  // The tenant's brand colour arrives with configuration; until then the product's own colours.
  const brandColor = useConfigurationQuery().data?.custom_ui_labels.brandColor;
  const theme = useMemo(() => createAppTheme(brandColor), [brandColor]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="bottom-left" autoClose={TOAST_DURATION_MS} zIndex={1090} limit={4} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider detectDirection>
        <ThemedMantine>{children}</ThemedMantine>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
