import { HttpError } from '@attest/shared';

type Translate = (key: string) => string;

// The server's message (written for people) with its field problems, or a generic sentence.
export function reportErrorText(error: Error | null, t: Translate): string | null {
  if (!error) return null;
  if (!(error instanceof HttpError) || !error.message) return t('reports.failed');
  const problems = Object.entries(error.fieldErrors ?? {}).map(
    ([field, messages]) => `${field}: ${messages.join(' ')}`,
  );
  return [error.message, ...problems].join('\n');
}
