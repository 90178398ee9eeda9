import { type HeaderLink, isHexColor } from '@attest/shared';
import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ATTEST_BLUE } from '../../../lib/color/app-palette';
import { darkenUntilReadable } from '../../../lib/color/hex';
import { HeaderBanner } from './header-banner';
import { HeaderLinks } from './header-links';
import { HeaderLogo } from './header-logo';

export type HeaderPreviewProps = {
  name: string;
  logo: string | null;
  brandColor: string | null;
  // The banner as it would show: null when off or without a message.
  banner: { message: string; color: string | null } | null;
  links: readonly HeaderLink[];
};

// Settings > Branding (issue 19): the header drawn from values not saved yet, with the same parts
// the real header uses. Inert: it shows, it does not navigate.
export function HeaderPreview({ name, logo, brandColor, banner, links }: HeaderPreviewProps) {
  const { t } = useTranslation();
  // The app's filled buttons are the brand colour darkened until white text reads on it (theme.ts).
  const brand = darkenUntilReadable(
    brandColor && isHexColor(brandColor) ? brandColor : ATTEST_BLUE[6],
    '#ffffff',
  );
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="header-preview">
      <Box inert>
        {banner && (
          <HeaderBanner
            message={banner.message}
            color={banner.color && isHexColor(banner.color) ? banner.color : null}
          />
        )}
        <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap" miw={0}>
            <Box miw={0} style={{ overflow: 'hidden' }}>
              <HeaderLogo name={name} logo={logo} linkHome={false} />
            </Box>
            <Text
              fz="sm"
              fw={600}
              pb={4}
              style={{ borderBottom: `2px solid ${brand}`, whiteSpace: 'nowrap' }}
              visibleFrom="sm"
            >
              {t('nav.home')}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Button size="xs" color={brand} leftSection={<IconPlus size={14} />} tabIndex={-1}>
              {t('admin.branding.previewAction')}
            </Button>
            <HeaderLinks links={links} />
          </Group>
        </Group>
      </Box>
    </Paper>
  );
}
