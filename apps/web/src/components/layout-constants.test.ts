import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../app/providers/theme';
import {
  DRAWER_WIDTH,
  HIGHLIGHT_MS,
  MIN_WIDTH_BREAKPOINT,
  menuMaxHeight,
  TOAST_MS,
  TOOLTIP_DEFAULTS,
  Z_INDEX,
} from './layout-constants';

// Spec 2 §9.3.
describe('layout constants', () => {
  it('layers backdrop < modal < popover < tooltip', () => {
    expect(Z_INDEX).toEqual({ backdrop: 1040, modal: 1060, popover: 1070, tooltip: 1080 });
  });

  it('holds the drawer width, breakpoint, highlight and toast durations', () => {
    expect(DRAWER_WIDTH).toBe(600);
    expect(MIN_WIDTH_BREAKPOINT).toBe(900);
    expect(HIGHLIGHT_MS).toEqual({ message: 2000, element: 3500, elementShort: 2500 });
    expect(TOAST_MS).toBe(5000);
    expect(TOOLTIP_DEFAULTS).toMatchObject({ openDelay: 100, closeDelay: 100, offset: 8 });
  });

  it('caps a menu at a third of the window height', () => {
    expect(menuMaxHeight(900)).toBe(300);
    expect(menuMaxHeight(1200)).toBe(400);
    expect(menuMaxHeight(300)).toBe(160);
    window.innerHeight = 1500;
    expect(menuMaxHeight()).toBe(500);
  });

  it('is what the Mantine theme applies as defaults', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(null));
    const defaults = (name: string) => theme.components[name]?.defaultProps as Record<string, unknown>;
    expect(defaults('Tooltip')).toMatchObject({ openDelay: 100, closeDelay: 100, offset: 8, zIndex: 1080 });
    expect(defaults('Popover')).toMatchObject({ zIndex: 1070 });
    expect(defaults('Menu')).toMatchObject({ zIndex: 1070 });
    expect(defaults('Modal')).toMatchObject({ zIndex: 1060 });
    expect(defaults('Drawer')).toMatchObject({ zIndex: 1060, size: 600 });
  });
});
