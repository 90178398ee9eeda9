import { TOAST_DURATION_MS } from '@attest/shared';

// Spec 2 §9.3 (widgets and layout): the app's layout constants, in one place. The Mantine theme
// (app/providers/theme.ts) applies them as component defaults; widgets and pages import them from here
// instead of repeating the numbers.

/** Layered z-indexes: an overlay's backdrop under its modal, popovers above modals, tooltips on top. */
export const Z_INDEX = {
  backdrop: 1040,
  modal: 1060,
  popover: 1070,
  tooltip: 1080,
} as const;

/** A drawer's default width, in px. */
export const DRAWER_WIDTH = 600;

/** The minimum-width breakpoint, in px: below it, layouts stack or collapse. */
export const MIN_WIDTH_BREAKPOINT = 900;

/** `(max-width: 899.98px)`: true below the minimum-width breakpoint. */
export const BELOW_MIN_WIDTH_QUERY = `(max-width: ${MIN_WIDTH_BREAKPOINT - 0.02}px)`;

/** A menu is at most a third of the window high (never under `floor` px). */
export function menuMaxHeight(windowHeight?: number, floor = 160): number {
  const height =
    windowHeight && windowHeight > 0
      ? windowHeight
      : typeof window === 'undefined'
        ? MIN_WIDTH_BREAKPOINT
        : window.innerHeight;
  return Math.max(floor, Math.round(height / 3));
}

/** Highlight durations, in ms: a message (e.g. a linked comment), an element, and an element briefly. */
export const HIGHLIGHT_MS = {
  message: 2000,
  element: 3500,
  elementShort: 2500,
} as const;

/** A toast's auto-dismiss delay, in ms. */
export const TOAST_MS = TOAST_DURATION_MS;

/** Mantine Tooltip defaults: show and hide after 100 ms, 8 px from the target, above popovers. */
export const TOOLTIP_DEFAULTS = {
  openDelay: 100,
  closeDelay: 100,
  offset: 8,
  zIndex: Z_INDEX.tooltip,
} as const;
