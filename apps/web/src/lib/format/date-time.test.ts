import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './date-time';
import { formatMoney, formatNumber } from './number';

describe('dates in the person’s language, never a fixed MM/DD/YYYY', () => {
  it('writes a day the way each language does', () => {
    expect(formatDay('2026-12-21', 'en')).toBe('Dec 21, 2026');
    expect(formatDay('2026-12-21', 'de')).toBe('21.12.2026');
    expect(formatDay('2026-12-21', 'en-GB')).toBe('21 Dec 2026');
    expect(formatDay('2026-12-21', 'ar')).not.toContain('12/21/2026');
  });

  it('keeps a stored day on its day whatever the zone (midnight UTC instants included)', () => {
    expect(formatDay('2026-12-21T00:00:00.000Z', 'de')).toBe('21.12.2026');
  });

  it('shows an instant in the given time zone', () => {
    const late = '2026-12-21T23:30:00Z';
    expect(formatDate(late, { locale: 'de', timeZone: 'UTC' })).toBe('21.12.2026');
    expect(formatDate(late, { locale: 'de', timeZone: 'Europe/Berlin' })).toBe('22.12.2026');
    expect(formatDateTime(late, { locale: 'de', timeZone: 'Europe/Berlin' })).toBe('22.12.2026, 00:30');
  });

  it('leaves what is not a date as it came, and survives an unknown zone', () => {
    expect(formatDay('soon', 'en')).toBe('soon');
    expect(formatDate('not a date', { locale: 'en' })).toBe('not a date');
    expect(formatDate('2026-12-21T12:00:00Z', { locale: 'de', timeZone: 'Mars/Olympus' })).toBe('21.12.2026');
  });
});

describe('numbers and amounts', () => {
  it('group and mark decimals per language, with the currency', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR', 'de').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatMoney(5, 'ZZZZ', 'en')).toBe('5 ZZZZ');
  });
});
