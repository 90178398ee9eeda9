import { Accordion, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// One section of the builder's configuration column: a title, a one-line summary of what is
// chosen, and its controls.
export function BuilderSection({
  value,
  title,
  summary,
  children,
}: {
  value: string;
  title: string;
  summary?: string | null;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Text fw={600} fz="sm">
          {title}
        </Text>
        {summary ? (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {summary}
          </Text>
        ) : null}
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}
