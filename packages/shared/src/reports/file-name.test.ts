import { describe, expect, it } from 'vitest';
import { reportFileName, reportFileSlug } from './file-name.js';

describe('reportFileName', () => {
  const day = new Date('2026-11-25T22:30:00.000Z');

  it('names every format of one report alike: slug, day, extension', () => {
    expect(reportFileName('Checks, by name', day, 'png')).toBe('checks-by-name-2026-11-25.png');
    expect(reportFileName('Checks, by name', day, 'csv')).toBe('checks-by-name-2026-11-25.csv');
    expect(reportFileName('Checks, by name', day, 'xlsx')).toBe('checks-by-name-2026-11-25.xlsx');
  });

  it('keeps letters of any script, drops accents, never answers an empty name', () => {
    expect(reportFileSlug('Délais (Q3) / équipe')).toBe('delais-q3-equipe');
    expect(reportFileSlug('月次レポート')).toBe('月次レポート');
    expect(reportFileSlug('***')).toBe('report');
    expect(reportFileSlug(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });
});
