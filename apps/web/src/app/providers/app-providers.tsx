import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useConfigurationQuery } from '../../features/configuration';
import { Overlays } from './overlays';
import { createAppTheme, cssVariablesResolver } from './theme';

function ThemedMantine({ children }: { children: ReactNode }) {
  // The tenant's brand colour arrives with configuration; until then the product's own colours.
  const brandColor = useConfigurationQuery().data?.custom_ui_labels.brandColor;
  const theme = useMemo(() => createAppTheme(brandColor), [brandColor]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Overlays />
      {children}
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
