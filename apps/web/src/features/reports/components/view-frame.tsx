import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { isFullScreen, type ViewMode } from '../lib/view-mode';

// Spec 2 §2.7: full screen hides the shell. The page covers the whole window above the header, so
// the application layout needs no mode of its own.
export function ViewFrame({ mode, children }: { mode: ViewMode; children: ReactNode }) {
  if (!isFullScreen(mode)) return children;
  return (
    <Box
      data-testid="report-full-screen"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      bottom={0}
      p="lg"
      bg="var(--mantine-color-gray-0)"
      style={{ zIndex: 300, overflow: 'auto' }}
    >
      {children}
    </Box>
  );
}
