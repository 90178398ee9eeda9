import { describe, expect, it } from 'vitest';
import { CLIENT_PATH_ERRORS, isSafeRelativePath, toClientApiPath } from './client-url.js';

// The exact message thrown, so a test fails on any change of wording.
function thrownMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error.message;
    throw error;
  }
  throw new Error('expected a throw');
}

const absolute = [
  'https://evil.com/x',
  'http://localhost:8000/api/v1/x',
  'HTTPS://EVIL.COM',
  'javascript:alert(1)',
  'mailto:a@b.com',
  'data:text/plain,hi',
  'file:///etc/passwd',
  'field:tag/',
  '//evil.com/x',
  '\\\\evil.com',
  '/\\evil.com',
  '\\/evil.com',
];

describe('isSafeRelativePath', () => {
  it.each([
    'workflows/',
    'workflows/?limit=20&offset=40',
    'extra-json/user_group_list/',
    'dynamic_lov/workflow/12/field_tag/',
    'api/v2/dynamic_lov/workflow/12/field_tag/',
    'responses/get-answer/?workflow_id=1&field_tag=a:b',
    'items/?next=https://example.com',
    'files/report.v2.pdf',
    'a/.../b',
    '?limit=1',
  ])('accepts %s', (path) => {
    expect(isSafeRelativePath(path)).toBe(true);
  });

  it.each(absolute)('rejects the absolute URL %s', (path) => {
    expect(isSafeRelativePath(path)).toBe(false);
  });

  it.each(['/workflows/', '/api/v1/workflows/', '\\workflows'])(
    'rejects the leading-slash path %s',
    (path) => {
      expect(isSafeRelativePath(path)).toBe(false);
    },
  );

  it.each([
    ['empty', ''],
    ['leading space before //', ' //evil.com'],
    ['tab inside //', '/\t/evil.com'],
    ['new line', 'workflows/\n'],
    ['inner space', 'work flows/'],
    ['NUL', 'workflows\u0000/'],
    ['parent segment', '../admin/'],
    ['inner parent segment', 'workflows/../../admin/'],
    ['trailing parent segment', 'workflows/..'],
    ['current segment', './workflows/'],
    ['encoded parent segment', '%2e%2e/admin/'],
    ['upper-case encoded parent segment', '%2E%2E/admin/'],
    ['half-encoded parent segment', '.%2e/admin/'],
    ['parent segment after a back slash', 'workflows\\..\\admin'],
  ])('rejects %s', (_case, path) => {
    expect(isSafeRelativePath(path)).toBe(false);
  });

  it('does not look for dot segments in the query or fragment', () => {
    expect(isSafeRelativePath('files/?name=../x')).toBe(true);
    expect(isSafeRelativePath('files/#..')).toBe(true);
  });
});

describe('toClientApiPath', () => {
  it('returns a relative path unchanged', () => {
    expect(toClientApiPath('workflows/?limit=20')).toBe('workflows/?limit=20');
  });

  it('strips a leading api/v1/ or api/v2/ prefix', () => {
    expect(toClientApiPath('api/v1/regions/?limit=20')).toBe('regions/?limit=20');
    expect(toClientApiPath('api/v2/dynamic_lov/workflow/12/field_tag/')).toBe(
      'dynamic_lov/workflow/12/field_tag/',
    );
  });

  it('strips the prefix once only', () => {
    expect(toClientApiPath('api/v1/api/v2/x/')).toBe('api/v2/x/');
  });

  it('keeps other versions and look-alike prefixes', () => {
    expect(toClientApiPath('api/v3/x/')).toBe('api/v3/x/');
    expect(toClientApiPath('api/v10/x/')).toBe('api/v10/x/');
    expect(toClientApiPath('api/v1x/')).toBe('api/v1x/');
    expect(toClientApiPath('API/V1/x/')).toBe('API/V1/x/');
    expect(toClientApiPath('studio/api/v1/x/')).toBe('studio/api/v1/x/');
  });

  it.each(absolute)('throws on the absolute URL %s', (path) => {
    expect(thrownMessage(() => toClientApiPath(path))).toBe(
      `${CLIENT_PATH_ERRORS.absolute}: ${JSON.stringify(path)}`,
    );
  });

  it('names the rule and the path in the message', () => {
    expect(thrownMessage(() => toClientApiPath('https://evil.com'))).toBe(
      'Absolute URLs are not allowed in client API paths; pass a path relative to the API base: "https://evil.com"',
    );
  });

  it('throws on a leading slash, even before an api prefix', () => {
    expect(thrownMessage(() => toClientApiPath('/api/v1/x/'))).toBe(
      'Client API paths must not start with a slash; pass a path relative to the API base: "/api/v1/x/"',
    );
  });

  it('throws on an empty path and on a bare prefix', () => {
    expect(thrownMessage(() => toClientApiPath(''))).toBe('A client API path is required: ""');
    expect(thrownMessage(() => toClientApiPath('api/v1'))).toBe('A client API path is required: ""');
    expect(thrownMessage(() => toClientApiPath('api/v2/'))).toBe('A client API path is required: ""');
  });

  it('checks again after stripping, so a prefix cannot hide an unsafe path', () => {
    expect(thrownMessage(() => toClientApiPath('api/v1//evil.com'))).toBe(
      `${CLIENT_PATH_ERRORS.leadingSlash}: "/evil.com"`,
    );
    expect(thrownMessage(() => toClientApiPath('api/v2/https://evil.com'))).toBe(
      `${CLIENT_PATH_ERRORS.absolute}: "https://evil.com"`,
    );
  });

  it('throws on whitespace with the path escaped in the message', () => {
    expect(thrownMessage(() => toClientApiPath(' //evil.com'))).toBe(
      'Client API paths must not contain whitespace or control characters: " //evil.com"',
    );
    expect(thrownMessage(() => toClientApiPath('a\nb'))).toBe(`${CLIENT_PATH_ERRORS.whitespace}: "a\\nb"`);
  });

  it('throws on dot segments, also behind a prefix', () => {
    expect(thrownMessage(() => toClientApiPath('api/v1/../admin/'))).toBe(
      `${CLIENT_PATH_ERRORS.dotSegment}: "api/v1/../admin/"`,
    );
    expect(thrownMessage(() => toClientApiPath('../admin/'))).toBe(
      `Client API paths must not contain '.' or '..' segments: "../admin/"`,
    );
  });

  it('throws a plain Error', () => {
    expect(() => toClientApiPath('/x')).toThrow(Error);
  });
});
