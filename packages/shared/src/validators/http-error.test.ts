import { describe, expect, it } from 'vitest';
import { HttpError, httpErrorFromBody, TOKEN_EXPIRED_INVALID } from './http-error.js';

describe('TOKEN_EXPIRED_INVALID', () => {
  it('is the token-expired code of spec 1 section 8', () => {
    expect(TOKEN_EXPIRED_INVALID).toBe('TOKEN_EXPIRED_INVALID');
  });
});

describe('HttpError', () => {
  it('is an Error carrying status, code and field errors', () => {
    const error = new HttpError(400, 'Invalid input.', {
      code: 'invalid',
      fieldErrors: { email: ['Required'] },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.name).toBe('HttpError');
    expect(error.message).toBe('Invalid input.');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid');
    expect(error.fieldErrors).toEqual({ email: ['Required'] });
    expect(error.stack).toContain('HttpError: Invalid input.');
  });

  it('leaves code, field errors and cause undefined when not given', () => {
    const error = new HttpError(500, 'Boom');
    expect(error.code).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect('cause' in error).toBe(false);
  });

  it('keeps a cause', () => {
    const cause = new TypeError('Failed to fetch');
    expect(new HttpError(502, 'Bad gateway', { cause }).cause).toBe(cause);
  });
});

describe('httpErrorFromBody', () => {
  it('reads our API error body: detail, code and field errors', () => {
    const error = httpErrorFromBody(400, 'Bad Request', {
      detail: 'Invalid input.',
      code: 'invalid',
      errors: { email: ['Enter a valid email address.'], password: ['Required', 'Too short'] },
    });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid input.');
    expect(error.code).toBe('invalid');
    expect(error.fieldErrors).toEqual({
      email: ['Enter a valid email address.'],
      password: ['Required', 'Too short'],
    });
  });

  it('reads the token-expired code', () => {
    const error = httpErrorFromBody(401, 'Unauthorized', {
      detail: 'Token expired.',
      code: TOKEN_EXPIRED_INVALID,
    });
    expect(error.code).toBe('TOKEN_EXPIRED_INVALID');
    expect(error.message).toBe('Token expired.');
  });

  it('reads a body given as JSON text', () => {
    const error = httpErrorFromBody(403, 'Forbidden', '{"detail":"Nope.","code":"permission_denied"}');
    expect(error.message).toBe('Nope.');
    expect(error.code).toBe('permission_denied');
  });

  it('reads a detail without a code (proxies, older endpoints)', () => {
    const error = httpErrorFromBody(404, 'Not Found', { detail: 'Not found.' });
    expect(error.message).toBe('Not found.');
    expect(error.code).toBeUndefined();
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty text', ''],
    ['HTML text', '<html><body>502 Bad Gateway</body></html>'],
    ['plain text', 'Service Unavailable'],
    ['JSON text of a string', '"oops"'],
    ['JSON text of an array', '["a"]'],
    ['an array', [{ detail: 'x' }]],
    ['a number', 42],
    ['an empty object', {}],
    ['a blank detail', { detail: '   ', code: 'invalid' }],
    ['a non-string detail', { detail: { message: 'x' } }],
    ['a message instead of a detail', { message: 'Something' }],
  ])("falls back to 'HTTP {status} {statusText}' for %s", (_case, body) => {
    const error = httpErrorFromBody(502, 'Bad Gateway', body);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(502);
    expect(error.message).toBe('HTTP 502 Bad Gateway');
  });

  it('falls back without a trailing space when there is no status text', () => {
    expect(httpErrorFromBody(500, '', undefined).message).toBe('HTTP 500');
  });

  it('keeps the code and field errors of a body without a detail', () => {
    const error = httpErrorFromBody(400, 'Bad Request', { code: 'invalid', errors: { name: ['Required'] } });
    expect(error.message).toBe('HTTP 400 Bad Request');
    expect(error.code).toBe('invalid');
    expect(error.fieldErrors).toEqual({ name: ['Required'] });
  });

  it('drops malformed field errors and a non-string code but keeps the detail', () => {
    const error = httpErrorFromBody(400, 'Bad Request', {
      detail: 'Invalid input.',
      code: 400,
      errors: { name: 'Required' },
    });
    expect(error.message).toBe('Invalid input.');
    expect(error.code).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
  });
});
