import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

function Providers({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

// The wrapper stays on rerender, so a test can change a chart's options.
export function renderChart(ui: ReactElement) {
  return render(ui, { wrapper: Providers });
}

export const statusByRegion = [
  ['Status', 'Region', 'Count'],
  ['Open', 'EU', 3],
  ['Open', 'US', 1],
  ['Closed', 'EU', 2],
  ['Closed', 'US', 4],
  ['Review', 'EU', 1],
];

export const countByStatus = [
  ['Status', 'Count'],
  ['Open', 1234],
  ['Closed', 2],
  ['Review', 5],
];
