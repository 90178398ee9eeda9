import { describe, expect, it } from 'vitest';
import { sanitiseZipFileName, uniqueZipFileNames, zipEntryNames } from './zip-file-names.js';

describe('sanitiseZipFileName', () => {
  it.each([
    ['back slash', 'a\\b.pdf', 'a_b.pdf'],
    ['slash', 'a/b.pdf', 'a_b.pdf'],
    ['colon', 'a:b.pdf', 'a_b.pdf'],
    ['asterisk', 'a*b.pdf', 'a_b.pdf'],
    ['question mark', 'a?b.pdf', 'a_b.pdf'],
    ['double quote', 'a"b.pdf', 'a_b.pdf'],
    ['less than', 'a<b.pdf', 'a_b.pdf'],
    ['greater than', 'a>b.pdf', 'a_b.pdf'],
    ['pipe', 'a|b.pdf', 'a_b.pdf'],
    ['NUL', 'a\u0000b.pdf', 'a_b.pdf'],
    ['tab', 'a\tb.pdf', 'a_b.pdf'],
    ['new line', 'a\nb.pdf', 'a_b.pdf'],
    ['unit separator 0x1f', 'a\u001fb.pdf', 'a_b.pdf'],
    ['DEL', 'a\u007fb.pdf', 'a_b.pdf'],
  ])('replaces a %s with an underscore', (_case, name, expected) => {
    expect(sanitiseZipFileName(name)).toBe(expected);
  });

  it('replaces every forbidden character, one underscore each', () => {
    expect(sanitiseZipFileName('\\/:*?"<>|')).toBe('_________');
  });

  it('turns a path into a flat name so nothing escapes the folder on extraction', () => {
    expect(sanitiseZipFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(sanitiseZipFileName('C:\\Windows\\x.dll')).toBe('C__Windows_x.dll');
  });

  it('keeps allowed characters, spaces, dots, unicode and emoji', () => {
    expect(sanitiseZipFileName('Report (final) v2.1 – Zürich 😀.pdf')).toBe(
      'Report (final) v2.1 – Zürich 😀.pdf',
    );
  });

  it('leaves an empty name empty', () => {
    expect(sanitiseZipFileName('')).toBe('');
  });
});

describe('uniqueZipFileNames', () => {
  it('leaves distinct names alone', () => {
    expect(uniqueZipFileNames(['a.pdf', 'b.pdf', 'c.docx'])).toEqual(['a.pdf', 'b.pdf', 'c.docx']);
  });

  it('adds a counter in parentheses before the extension', () => {
    expect(uniqueZipFileNames(['a.pdf', 'a.pdf', 'a.pdf'])).toEqual(['a.pdf', 'a (1).pdf', 'a (2).pdf']);
  });

  it('counts per name', () => {
    expect(uniqueZipFileNames(['a.pdf', 'b.pdf', 'a.pdf', 'b.pdf'])).toEqual([
      'a.pdf',
      'b.pdf',
      'a (1).pdf',
      'b (1).pdf',
    ]);
  });

  it('skips a counter already taken by an earlier name', () => {
    expect(uniqueZipFileNames(['a.pdf', 'a (1).pdf', 'a.pdf'])).toEqual(['a.pdf', 'a (1).pdf', 'a (2).pdf']);
  });

  it('never takes the name of a later file', () => {
    expect(uniqueZipFileNames(['a.pdf', 'a.pdf', 'a (1).pdf'])).toEqual(['a.pdf', 'a (2).pdf', 'a (1).pdf']);
  });

  it('gives a counted duplicate of a counted name its own counter', () => {
    expect(uniqueZipFileNames(['a (1).pdf', 'a (1).pdf'])).toEqual(['a (1).pdf', 'a (1) (1).pdf']);
  });

  it('treats names differing only in case as duplicates, keeping each spelling', () => {
    expect(uniqueZipFileNames(['Report.PDF', 'report.pdf', 'REPORT.pdf'])).toEqual([
      'Report.PDF',
      'report (1).pdf',
      'REPORT (2).pdf',
    ]);
  });

  it('appends the counter to a name without an extension', () => {
    expect(uniqueZipFileNames(['README', 'README'])).toEqual(['README', 'README (1)']);
  });

  it('uses only the last dot as the extension', () => {
    expect(uniqueZipFileNames(['data.tar.gz', 'data.tar.gz'])).toEqual(['data.tar.gz', 'data.tar (1).gz']);
  });

  it('treats a leading dot as part of the name', () => {
    expect(uniqueZipFileNames(['.env', '.env'])).toEqual(['.env', '.env (1)']);
  });

  it('returns one name per input, every one distinct ignoring case', () => {
    const names = ['a.pdf', 'A.pdf', 'a (1).pdf', 'a.pdf', 'a (2).PDF', 'a.pdf', 'b', 'b', 'b (1)'];
    const result = uniqueZipFileNames(names);
    expect(result).toHaveLength(names.length);
    expect(new Set(result.map((name) => name.toLowerCase())).size).toBe(names.length);
  });

  it('returns an empty list for no names and does not change its input', () => {
    expect(uniqueZipFileNames([])).toEqual([]);
    const names = ['a.pdf', 'a.pdf'];
    uniqueZipFileNames(names);
    expect(names).toEqual(['a.pdf', 'a.pdf']);
  });
});

describe('zipEntryNames', () => {
  it('sanitises first, so names equal after sanitising are counted too', () => {
    expect(zipEntryNames(['a:b.pdf', 'a?b.pdf', 'a_b.pdf'])).toEqual([
      'a_b.pdf',
      'a_b (1).pdf',
      'a_b (2).pdf',
    ]);
  });
});
