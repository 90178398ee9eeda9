// Excel keeps a date as a number of days (a serial) and shows it as a date through the cell's number
// format. A cell whose format is a date is read as ISO text: yyyy-mm-dd, with the time when it has one.

export type NumberKind = 'date' | 'time' | 'number';

// Built-in formats (ECMA-376 part 1, 18.8.30) and the East Asian ones Excel also ships.
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 32, 33, 45, 46, 47]);

export function builtInKind(numFmtId: number): NumberKind {
  if (BUILT_IN_DATES.has(numFmtId)) return 'date';
  if (BUILT_IN_TIMES.has(numFmtId)) return 'time';
  return 'number';
}

// A custom format is a date when, outside quoted text, escapes and [colour]/[$-locale] brackets, it
// has a day or year code; a time when it has only hour or second codes ("[h]:mm" durations included).
export function formatCodeKind(formatCode: string): NumberKind {
  const codes = formatCode
    .split(';')[0]
    ?.replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .toLowerCase();
  if (!codes) return 'number';
  if (/[dy]/.test(codes)) return 'date';
  if (/[hs]/.test(codes)) return 'time';
  return 'number';
}

const DAY_MS = 86_400_000;
// Day 0 of the 1900 system is 1899-12-31 for serials up to 59; from 61 Excel counts a 29 February
// 1900 that never was (Lotus 1-2-3's bug, kept), so later serials count from 1899-12-30.
const EPOCH_1900_EARLY = Date.UTC(1899, 11, 31);
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

export function serialToIso(serial: number, kind: 'date' | 'time', date1904: boolean): string {
  // To the second: Excel's fractions of a day are rarely exact.
  const ms = Math.round((serial * DAY_MS) / 1000) * 1000;
  if (kind === 'time') return new Date(ms % DAY_MS).toISOString().slice(11, 19);
  const epoch = date1904 ? EPOCH_1904 : serial < 60 ? EPOCH_1900_EARLY : EPOCH_1900;
  const iso = new Date(epoch + ms).toISOString();
  return ms % DAY_MS === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
}
