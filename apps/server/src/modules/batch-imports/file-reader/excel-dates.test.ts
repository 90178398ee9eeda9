import { describe, expect, it } from 'vitest';
import { builtInKind, formatCodeKind, serialToIso } from './excel-dates.js';

describe('Excel dates', () => {
  it('tells date, time and plain number formats apart', () => {
    expect(builtInKind(14)).toBe('date');
    expect(builtInKind(20)).toBe('time');
    expect(builtInKind(2)).toBe('number');
    expect(formatCodeKind('dd/mm/yyyy')).toBe('date');
    expect(formatCodeKind('[$-409]d-mmm-yy;@')).toBe('date');
    expect(formatCodeKind('[h]:mm:ss')).toBe('time');
    expect(formatCodeKind('[Red]0.00;[Blue]-0.00')).toBe('number');
    expect(formatCodeKind('0" days"')).toBe('number');
    expect(formatCodeKind('#,##0.00 \\m')).toBe('number');
  });

  it('reads serials of the 1900 and 1904 date systems as ISO text', () => {
    expect(serialToIso(45351, 'date', false)).toBe('2024-02-29');
    expect(serialToIso(1, 'date', false)).toBe('1900-01-01');
    expect(serialToIso(61, 'date', false)).toBe('1900-03-01');
    expect(serialToIso(45659.5625, 'date', false)).toBe('2025-01-02T13:30:00');
    expect(serialToIso(0, 'date', true)).toBe('1904-01-01');
    expect(serialToIso(0.75, 'time', false)).toBe('18:00:00');
  });
});
