import { Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

// Spotlight's own group draws its label with CSS only (a ::before), which tests and some screen
// readers do not see: this group names itself with real text.
export function PaletteGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of result buttons, not of form fields.
    <div role="group" aria-labelledby={id}>
      <Text id={id} fz="xs" fw={600} c="gray.7" px="sm" pt="sm" pb={4} dir="auto">
        {label}
      </Text>
      {children}
    </div>
  );
}
