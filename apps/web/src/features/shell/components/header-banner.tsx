import { Box, Text } from '@mantine/core';
import { readableTextOn } from '../../../lib/color/hex';
import { BANNER_HEIGHT_PX } from '../lib/header-layout';

export type HeaderBannerProps = { message: string; color: string | null };

export function HeaderBanner({ message, color }: HeaderBannerProps) {
  return (
    <Box
      h={BANNER_HEIGHT_PX}
      px="md"
      bg={color ?? 'var(--mantine-color-yellow-1)'}
      c={readableTextOn(color)}
      role="status"
      data-testid="header-banner"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
    >
      {/* Tenant text keeps its own direction inside an RTL page. */}
      <Text fz="xs" fw={500} truncate="end" title={message} dir="auto">
        {message}
      </Text>
    </Box>
  );
}
