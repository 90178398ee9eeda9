import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { DRAWER_WIDTH, TOOLTIP_DEFAULTS, Z_INDEX } from '../../components/layout-constants';
import { ATTEST_BLUE } from '../../lib/color/app-palette';
import { darkenUntilReadable, paletteFrom, parseHex, tint } from '../../lib/color/hex';
import { i18n } from '../../lib/i18n/i18n';

const FONT = "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

// Spec 2 section 9.3: spacing in 4 px steps, radii 4/6/8, tooltip delay 100 ms and offset 8,
// layered z-indexes for modal, popover and tooltip, drawer width 600 (components/layout-constants.ts).
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
    // Keyboard focus is always drawn, pointer focus never (issue 14: visible focus).
    focusRing: 'auto',
    variantColorResolver,
    components: {
      Tooltip: { defaultProps: { ...TOOLTIP_DEFAULTS } },
      Popover: { defaultProps: { zIndex: Z_INDEX.popover } },
      Menu: { defaultProps: { zIndex: Z_INDEX.popover } },
      Modal: {
        defaultProps: { zIndex: Z_INDEX.modal, centered: true },
        styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
      },
      Drawer: { defaultProps: { zIndex: Z_INDEX.modal, size: DRAWER_WIDTH } },
      Button: { defaultProps: { fw: 600 } },
      // A spinner is named by its callers (aria-label); a plain span may not carry a name (axe:
      // aria-prohibited-attr, serious), so every Loader is a status that announces it.
      Loader: { defaultProps: { role: 'status' } },
      // Issue 14: the first, previous, next and last arrows are named (axe: button-name, critical),
      // in the language shown when they render.
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
            'aria-label': i18n.t(`pagination.${control}`),
          }),
        },
      },
    },
  });
}

// The lightest background text sits on (gray-1: table headers, the app's grey surfaces).
const SURFACE = '#f1f3f5';
const WHITE = '#ffffff';

// Issue 14 (accessibility, WCAG 1.4.3): Mantine's light scheme draws secondary text in gray-6 (3.3:1)
// and fills buttons and badges with shade 6 under white text (green 2.4:1, yellow 1.9:1). Every
// colour's filled, light, outline and text variants, and the dimmed and placeholder greys, are made
// to reach 4.5:1 here, once for every component, keeping each colour's hue.
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = darkenUntilReadable(shades[6], WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darkenUntilReadable(filled, WHITE, 5.5);
    light[`--mantine-color-${name}-light-color`] = darkenUntilReadable(shades[9], shades[1]);
    light[`--mantine-color-${name}-text`] = darkenUntilReadable(shades[6], SURFACE);
    light[`--mantine-color-${name}-outline`] = darkenUntilReadable(shades[6], SURFACE);
  }
  const dimmed = darkenUntilReadable(theme.colors.gray[6], SURFACE);
  light['--mantine-color-dimmed'] = dimmed;
  light['--mantine-color-placeholder'] = dimmed;
  light['--mantine-color-anchor'] = darkenUntilReadable(
    theme.colors[theme.primaryColor]?.[6] ?? '#000',
    SURFACE,
  );
  return { variables: {}, light, dark: {} };
};

// The same for colours that are not theme colours (a status's or a risk level's hex from tenant data,
// or a theme colour with an explicit shade): text and fills are darkened until they read at 4.5:1.
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if ((parsed.isThemeColor && parsed.shade === undefined) || !parseHex(parsed.value)) return colors;
  const hex = parsed.value;
  switch (input.variant) {
    case 'filled':
      return {
        ...colors,
        background: darkenUntilReadable(hex, WHITE),
        hover: darkenUntilReadable(hex, WHITE, 5.5),
        color: WHITE,
      };
    case 'light':
      return { ...colors, color: darkenUntilReadable(hex, tint(hex, 0.85)) };
    case 'outline':
    case 'subtle':
    case 'transparent':
      return { ...colors, color: darkenUntilReadable(hex, SURFACE) };
    default:
      return colors;
  }
};
