import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { normaliseError } from './normalise-error.js';

describe('normaliseError', () => {
  describe('an Error', () => {
    it('returns the same instance', () => {
      const error = new TypeError('Failed to fetch');
      expect(normaliseError(error)).toBe(error);
    });

    it('keeps an HttpError with its status', () => {
      const error = new HttpError(403, 'Insufficient Permissions');
      const result = normaliseError(error);
      expect(result).toBe(error);
      expect(result).toBeInstanceOf(HttpError);
    });

    it('replaces an Error without a message, keeping it as the cause', () => {
      const error = new Error('');
      const result = normaliseError(error);
      expect(result).not.toBe(error);
      expect(result.message).toBe('An unknown error occurred');
      expect(result.cause).toBe(error);
    });

    it('treats a whitespace-only message as no message', () => {
      expect(normaliseError(new Error('  ')).message).toBe('An unknown error occurred');
    });
  });

  describe('an HTTP response', () => {
    it('uses a string details as the message', () => {
      const result = normaliseError({ status: 400, statusText: 'Bad Request', details: 'Invalid filter.' });
      expect(result).toBeInstanceOf(HttpError);
      expect(result.message).toBe('Invalid filter.');
      expect((result as HttpError).status).toBe(400);
    });

    it('uses a string detail as the message', () => {
      expect(normaliseError({ status: 404, statusText: 'Not Found', detail: 'Not found.' }).message).toBe(
        'Not found.',
      );
    });

    it('prefers details over detail over body', () => {
      expect(
        normaliseError({ status: 400, details: 'first', detail: 'second', body: { detail: 'third' } })
          .message,
      ).toBe('first');
      expect(normaliseError({ status: 400, detail: 'second', body: { detail: 'third' } }).message).toBe(
        'second',
      );
    });

    it('reads our API error body in body', () => {
      const result = normaliseError({
        status: 401,
        statusText: 'Unauthorized',
        body: { detail: 'Token expired.', code: 'TOKEN_EXPIRED_INVALID' },
      });
      expect(result).toBeInstanceOf(HttpError);
      expect(result.message).toBe('Token expired.');
      expect((result as HttpError).code).toBe('TOKEN_EXPIRED_INVALID');
    });

    it('reads our API error body given as details', () => {
      const result = normaliseError({
        status: 400,
        statusText: 'Bad Request',
        details: { detail: 'Invalid input.', code: 'invalid', errors: { email: ['Required'] } },
      });
      expect(result.message).toBe('Invalid input.');
      expect((result as HttpError).fieldErrors).toEqual({ email: ['Required'] });
    });

    it('reads a JSON text body', () => {
      expect(
        normaliseError({ status: 409, statusText: 'Conflict', body: '{"detail":"Already exists."}' }).message,
      ).toBe('Already exists.');
    });

    it("gives 'HTTP {status} {statusText}' for an unreadable body", () => {
      const result = normaliseError({
        status: 502,
        statusText: 'Bad Gateway',
        body: '<html>Bad Gateway</html>',
      });
      expect(result).toBeInstanceOf(HttpError);
      expect(result.message).toBe('HTTP 502 Bad Gateway');
      expect((result as HttpError).status).toBe(502);
    });

    it("gives 'HTTP {status} {statusText}' when there is no body at all", () => {
      expect(normaliseError({ status: 503, statusText: 'Service Unavailable' }).message).toBe(
        'HTTP 503 Service Unavailable',
      );
    });

    it('gives the status alone when the status text is missing or not a string', () => {
      expect(normaliseError({ status: 500 }).message).toBe('HTTP 500');
      expect(normaliseError({ status: 500, statusText: 42 }).message).toBe('HTTP 500');
    });

    it('ignores a blank string detail', () => {
      expect(normaliseError({ status: 400, statusText: 'Bad Request', detail: '  ' }).message).toBe(
        'HTTP 400 Bad Request',
      );
    });

    it("gives 'HTTP {status} {statusText}' for a fetch Response, whose body is a stream", () => {
      const response = new Response('{"detail":"unread"}', {
        status: 500,
        statusText: 'Internal Server Error',
      });
      const result = normaliseError(response);
      expect(result).toBeInstanceOf(HttpError);
      expect(result.message).toBe('HTTP 500 Internal Server Error');
    });

    it.each([
      ['a status below 100', 99],
      ['a status above 599', 600],
      ['a fractional status', 404.5],
      ['a string status', '404'],
    ])('does not treat an object with %s as a response', (_case, status) => {
      const result = normaliseError({ status, message: 'Plain object' });
      expect(result).not.toBeInstanceOf(HttpError);
      expect(result.message).toBe('Plain object');
    });
  });

  describe('a string', () => {
    it('becomes an Error with that message', () => {
      const result = normaliseError('Request failed');
      expect(result).toBeInstanceOf(Error);
      expect(result.message).toBe('Request failed');
    });

    it.each(['', '   '])("gives 'An unknown error occurred' for %j", (value) => {
      expect(normaliseError(value).message).toBe('An unknown error occurred');
    });
  });

  describe('a plain object', () => {
    it('uses message, keeping the object as the cause', () => {
      const input = { message: 'Something broke' };
      const result = normaliseError(input);
      expect(result.message).toBe('Something broke');
      expect(result.cause).toBe(input);
    });

    it('uses detail', () => {
      expect(normaliseError({ detail: 'Not found.', code: 'not_found' }).message).toBe('Not found.');
    });

    it('prefers message over detail', () => {
      expect(normaliseError({ message: 'first', detail: 'second' }).message).toBe('first');
    });

    it('falls back to detail when message is blank or not a string', () => {
      expect(normaliseError({ message: ' ', detail: 'second' }).message).toBe('second');
      expect(normaliseError({ message: 42, detail: 'second' }).message).toBe('second');
    });

    it('reads an Error-like object from another realm', () => {
      expect(normaliseError({ name: 'TypeError', message: 'Failed to fetch', stack: '' }).message).toBe(
        'Failed to fetch',
      );
    });
  });

  describe('anything without a message', () => {
    it.each([
      ['undefined', undefined],
      ['null', null],
      ['a number', 42],
      ['a boolean', false],
      ['an empty object', {}],
      ['an object without message or detail', { error: 'x' }],
      ['an array', ['message']],
      ['a function', () => 'message'],
    ])("gives 'An unknown error occurred' for %s", (_case, input) => {
      const result = normaliseError(input);
      expect(result).toBeInstanceOf(Error);
      expect(result).not.toBeInstanceOf(HttpError);
      expect(result.message).toBe('An unknown error occurred');
    });

    it('keeps the original value as the cause', () => {
      const input = { error: 'x' };
      expect(normaliseError(input).cause).toBe(input);
      expect(normaliseError(42).cause).toBe(42);
      expect('cause' in normaliseError(undefined)).toBe(false);
    });
  });
});
