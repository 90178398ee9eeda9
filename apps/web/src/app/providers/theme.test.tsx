import { DEFAULT_THEME, Loader, MantineProvider, mergeMantineTheme, Pagination } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, type Rgb } from '../../lib/color/hex';
import { createAppTheme, cssVariablesResolver, variantColorResolver } from './theme';

const WHITE: Rgb = [255, 255, 255];
const SURFACE: Rgb = [0xf1, 0xf3, 0xf5];

function ratio(color: string, background: Rgb): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  return contrastRatio(rgb, background);
}

// Issue 14: axe found secondary text, badges and filled buttons under 4.5:1 on every page.
describe('the theme keeps text readable (WCAG 1.4.3)', () => {
  // A light tenant colour (globex's teal reads 4.0:1 under white) as the brand.
  const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme('#0c8599'));
  const { light } = cssVariablesResolver(theme);

  it('gives dimmed and placeholder text 4.5:1 on white and grey surfaces', () => {
    expect(ratio(light['--mantine-color-dimmed'] ?? '', SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(light['--mantine-color-placeholder'] ?? '', SURFACE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(theme.colors))('fills, tints and outlines %s readably', (name) => {
    const shades = theme.colors[name] ?? [];
    expect(ratio(light[`--mantine-color-${name}-filled`] ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    const lightBackground = parseHex(shades[1]) ?? WHITE;
    expect(ratio(light[`--mantine-color-${name}-light-color`] ?? '', lightBackground)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(ratio(light[`--mantine-color-${name}-text`] ?? '', SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(light[`--mantine-color-${name}-outline`] ?? '', SURFACE)).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a status colour from tenant data in light and filled badges', () => {
    // The demo's "In progress" yellow read 2.3:1.
    const lightBadge = variantColorResolver({ color: '#f08c00', theme, variant: 'light' });
    expect(ratio(lightBadge.color, parseHex('#fef4e6') ?? WHITE)).toBeGreaterThanOrEqual(4.5);
    const filled = variantColorResolver({ color: '#f08c00', theme, variant: 'filled' });
    expect(filled.color).toBe('#ffffff');
    expect(ratio(filled.background, WHITE)).toBeGreaterThanOrEqual(4.5);
    // A readable colour is kept as it is.
    expect(variantColorResolver({ color: '#1864ab', theme, variant: 'light' }).color).toBe('#1864ab');
  });
});

describe('the theme names what has no text (axe: button-name)', () => {
  it('names the arrows of every pagination', () => {
    render(
      <MantineProvider theme={createAppTheme(null)} env="test">
        <Pagination total={5} withEdges />
      </MantineProvider>,
    );
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('makes every named spinner a status, so its name is allowed and announced', () => {
    render(
      <MantineProvider theme={createAppTheme(null)} env="test">
        <Loader aria-label="Loading report" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeTruthy();
  });
});
