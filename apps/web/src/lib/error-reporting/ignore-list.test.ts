import { describe, expect, it } from 'vitest';
import { isIgnoredError } from './ignore-list';

const exception = (type: string, value: string) => ({ exception: { values: [{ type, value }] } });

// Spec 2 §8, every item of the error-reporting ignore list.
describe('isIgnoredError', () => {
  it.each([
    ['a resize-observer loop notice', { message: 'ResizeObserver loop limit exceeded' }],
    [
      'a resize-observer loop notice (newer wording)',
      exception('Error', 'ResizeObserver loop completed with undelivered notifications.'),
    ],
    ['a failed fetch', exception('TypeError', 'Failed to fetch')],
    ['a network error (Firefox)', exception('TypeError', 'NetworkError when attempting to fetch resource.')],
    ['a network error (Safari)', exception('TypeError', 'Load failed')],
    ['a network error (axios-style)', exception('Error', 'Network Error')],
    [
      'a closing database',
      exception(
        'InvalidStateError',
        "Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing.",
      ),
    ],
    [
      'a failed dynamic-module preload',
      exception(
        'TypeError',
        'Failed to fetch dynamically imported module: http://acme.localhost/assets/x.js',
      ),
    ],
    [
      'a failed dynamic-module load (Firefox)',
      exception('TypeError', 'error loading dynamically imported module'),
    ],
    ['a failed module script (Safari)', exception('TypeError', 'Importing a module script failed.')],
    ['a failed style preload', exception('Error', 'Unable to preload CSS for /assets/report-Ab12.css')],
    [
      'a non-error rejection for an object not found with an id',
      exception(
        'UnhandledRejection',
        'Non-Error promise rejection captured with value: Object Not Found Matching Id:1, MethodName:update, ParamCount:4',
      ),
    ],
    [
      'a non-error rejection for a timeout',
      exception('UnhandledRejection', 'Non-Error promise rejection captured with value: Timeout'),
    ],
    ['an unhandled rejection 403', { message: 'Unhandled Promise Rejection: 403 Forbidden' }],
    [
      'an unhandled rejection 403 (as type and value)',
      exception('UnhandledRejection', 'Request failed: 403'),
    ],
  ])('drops %s', (_what, event) => {
    expect(isIgnoredError(event)).toBe(true);
  });

  it.each([
    ['a bug', exception('TypeError', "Cannot read properties of undefined (reading 'name')")],
    [
      'another rejection',
      exception('UnhandledRejection', 'Non-Error promise rejection captured with value: 42'),
    ],
    ['a 403 that is not an unhandled rejection', exception('Error', 'HTTP 403 Forbidden')],
    ['an unhandled rejection with another status', { message: 'Unhandled Promise Rejection: 500' }],
  ])('keeps %s', (_what, event) => {
    expect(isIgnoredError(event)).toBe(false);
  });
});
