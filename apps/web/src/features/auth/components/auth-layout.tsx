import { Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type Branding = {
  title: string;
  logo: string;
  // The tenant's uploaded logo (shown larger, named for screen readers) rather than the brand's mark.
  tenantLogo?: boolean;
  copyright: string;
};

export type AuthLayoutProps = {
  branding: Branding;
  heading: ReactNode;
  subheading?: ReactNode;
  // Bottom-right of the page, next to the copyright line (the language picker).
  footerAside?: ReactNode;
  children: ReactNode;
};

export function AuthLayout({ branding, heading, subheading, footerAside, children }: AuthLayoutProps) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center style={{ flex: 1 }} px="md" py={48}>
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="sm" wrap="nowrap" data-testid="sign-in-brand">
            {branding.tenantLogo ? (
              <Image src={branding.logo} alt="" h={48} w="auto" maw={200} fit="contain" />
            ) : (
              <Image src={branding.logo} alt="" h={40} w={40} fit="contain" />
            )}
            <Text fw={700} fz={22} lts={-0.3} dir="auto">
              {branding.title}
            </Text>
          </Group>
          <Paper withBorder radius="lg" p={32} shadow="sm">
            <Stack gap={4} mb="lg">
              <Title order={1} fz={22} fw={650}>
                {heading}
              </Title>
              {subheading && (
                <Text fz="sm" c="dimmed">
                  {subheading}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
      <Group component="footer" justify="space-between" px="xl" py="md" gap="sm">
        <Text fz="xs" c="dimmed">
          {branding.copyright}
        </Text>
        {footerAside}
      </Group>
    </Box>
  );
}
