import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import de from '../../../locales/de.json';
import { renderWithProviders } from '../../../test/render';
import { ReportDataTable } from './report-data-table';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const RESULTS = [
  ['Contract start', 'Spend'],
  ['2026-12-21', 1234.5],
];

describe('ReportDataTable', () => {
  it('writes days and numbers in the person’s language', async () => {
    renderWithProviders(<ReportDataTable results={RESULTS} />);
    expect(screen.getByText('Dec 21, 2026')).toBeTruthy();
    expect(screen.getByText('1,234.5')).toBeTruthy();
  });

  it('lets a keyboard reach its scrolling rows: the scrolling box is a focusable, named region', () => {
    renderWithProviders(<ReportDataTable results={RESULTS} maxHeight={200} />);
    const region = screen.getByRole('region', { name: 'Report data' });
    expect(region.getAttribute('tabindex')).toBe('0');
    region.focus();
    expect(document.activeElement).toBe(region);
    expect(region.contains(screen.getByRole('table', { name: 'Report data' }))).toBe(true);
  });

  it('in German, 21.12.2026 and 1.234,5', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await i18n.changeLanguage('de');
    renderWithProviders(<ReportDataTable results={RESULTS} />);
    expect(screen.getByText('21.12.2026')).toBeTruthy();
    expect(screen.getByText('1.234,5')).toBeTruthy();
  });
});
