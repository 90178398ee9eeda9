import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { ATTEST_BLUE } from '../../lib/color/app-palette';
import { paletteFrom } from '../../lib/color/hex';

const FONT = "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

// Spec 2 section 9.3: spacing in 4 px steps, radii 4/6/8, tooltip delay 100 ms and offset 8,
// layered z-indexes for modal, popover and tooltip.
export function createAppTheme(brandColor: string | null | undefined): MantineThemeOverride {
  const brand = paletteFrom(brandColor ?? '');
  return createTheme({
    fontFamily: FONT,
    headings: { fontFamily: FONT, fontWeight: '650' },
    colors: { brand: (brand ?? [...ATTEST_BLUE]) as unknown as MantineColorsTuple },
    primaryColor: 'brand',
    primaryShade: 6,
    defaultRadius: 'md',
    radius: { xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px' },
    spacing: { xs: '8px', sm: '12px', md: '16px', lg: '24px', xl: '32px' },
    cursorType: 'pointer',
    components: {
      Tooltip: { defaultProps: { openDelay: 100, closeDelay: 100, offset: 8, zIndex: 1080 } },
      Popover: { defaultProps: { zIndex: 1070 } },
      Menu: { defaultProps: { zIndex: 1070 } },
      Modal: {
        defaultProps: { zIndex: 1060, centered: true },
        styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
      },
      Drawer: { defaultProps: { zIndex: 1060 } },
      Button: { defaultProps: { fw: 600 } },
    },
  });
}
