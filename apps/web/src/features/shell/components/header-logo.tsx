import { Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export type HeaderLogoProps = {
  name: string;
  logo: string | null;
  // Spec 1 section 2: the logo leads to the dashboard only for people who may view it.
  linkHome: boolean;
};

export function HeaderLogo({ name, logo, linkHome }: HeaderLogoProps) {
  const mark = logo ? (
    <Image src={logo} alt={name} h={32} w="auto" maw={180} fit="contain" />
  ) : (
    <Text fw={700} fz="lg" c="var(--mantine-color-text)" truncate="end" maw={240} dir="auto">
      {name}
    </Text>
  );
  if (!linkHome) return <div data-testid="header-logo">{mark}</div>;
  return (
    <UnstyledButton component={Link} to="/" aria-label={name} data-testid="header-logo">
      {mark}
    </UnstyledButton>
  );
}
