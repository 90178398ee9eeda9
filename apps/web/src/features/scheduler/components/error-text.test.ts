import { HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { schedulerErrorText } from './error-text';

// The key itself, with the fields filled in: enough to see which labels were named.
const t = ((key: string, options?: { fields?: string }) =>
  options?.fields ? `${key}(${options.fields})` : key) as unknown as TFunction;

describe('schedulerErrorText', () => {
  it("names the form's fields a 400 refused, each once", () => {
    const error = new HttpError(400, 'Invalid input.', {
      code: 'invalid',
      fieldErrors: {
        'destination.username': ['Too small'],
        'destination.emails.3': ['Invalid email'],
        'destination.emails.4': ['Invalid email'],
        'something.unknown': ['?'],
      },
    });
    expect(schedulerErrorText(t, error, 'scheduler.failed')).toBe(
      'scheduler.form.checkFields(scheduler.form.username, scheduler.form.emails)',
    );
    // A refusal of the service keeps its own words, then names the field.
    const secret = new HttpError(400, 'Enter the password or the private key.', {
      code: 'bad_request',
      fieldErrors: { 'destination.password': ['Enter the password or the private key.'] },
    });
    expect(schedulerErrorText(t, secret, 'scheduler.failed')).toBe(
      'Enter the password or the private key. scheduler.form.checkFields(scheduler.form.password)',
    );
  });

  it("keeps the server's message alone without field errors, and falls back for anything else", () => {
    expect(schedulerErrorText(t, new HttpError(403, 'You may not.'), 'scheduler.failed')).toBe(
      'You may not.',
    );
    expect(schedulerErrorText(t, new Error('boom'), 'scheduler.failed')).toBe('scheduler.failed');
  });
});
