import { HttpError } from '@attest/shared';

type Translate = (key: string) => string;

// The server's message (written for people, e.g. a failure reason of spec 1 §4) with the field
// problems it names, or a generic sentence when the answer had none.
export function studioErrorText(error: Error | null, t: Translate): string | null {
  if (!error) return null;
  if (!(error instanceof HttpError) || !error.message) return t('studio.failed');
  const problems = Object.entries(error.fieldErrors ?? {}).map(
    ([field, messages]) => `${field}: ${messages.join(' ')}`,
  );
  return [error.message, ...problems].join('\n');
}

// The first message the server gave for one field of the form, if any.
export function fieldError(error: Error | null, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return error.fieldErrors?.[field]?.[0];
}

// A 400 with no field the form shows: its message goes above the buttons instead.
export function formError(error: Error | null, fields: readonly string[], t: Translate): string | null {
  if (!error) return null;
  if (error instanceof HttpError && fields.some((field) => error.fieldErrors?.[field])) return null;
  return studioErrorText(error, t);
}
