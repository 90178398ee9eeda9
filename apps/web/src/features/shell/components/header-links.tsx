import type { HeaderLink } from '@attest/shared';
import { Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

export type HeaderLinksProps = { links: readonly HeaderLink[] };

// Tenant-defined links always lead outside the app, so they open in a new tab.
export function HeaderLinks({ links }: HeaderLinksProps) {
  if (links.length === 0) return null;
  return (
    <Group gap="lg" visibleFrom="md" component="nav">
      {links.map((link) => (
        <Anchor
          key={`${link.label}-${link.url}`}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          fz="sm"
          fw={500}
          c="dimmed"
          underline="hover"
          dir="auto"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {link.label}
          <IconExternalLink size={14} stroke={1.5} aria-hidden />
        </Anchor>
      ))}
    </Group>
  );
}
