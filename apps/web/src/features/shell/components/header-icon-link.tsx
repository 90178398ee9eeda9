import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type HeaderIconLinkProps = { to: string; label: string; icon: ReactNode };

export function HeaderIconLink({ to, label, icon }: HeaderIconLinkProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="lg"
        radius="md"
        aria-label={label}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
