import { ERROR_CODES, HttpError } from '@attest/shared';
import type { TFunction } from 'i18next';

// The form's labels by the API's field path, so a refusal names the fields to fix ("Invalid input."
// alone, as the server's schema says it, does not tell which).
const FIELD_LABELS: Record<string, string> = {
  name: 'scheduler.form.name',
  'source.kind_id': 'scheduler.form.kind',
  'source.report_id': 'scheduler.form.report',
  'source.filters': 'scheduler.form.kind',
  format: 'scheduler.form.format',
  'schedule.time': 'scheduler.form.time',
  'schedule.time_zone': 'scheduler.form.timeZone',
  'schedule.weekday': 'scheduler.form.weekday',
  'schedule.day_of_month': 'scheduler.form.dayOfMonth',
  'destination.emails': 'scheduler.form.emails',
  'destination.host': 'scheduler.form.host',
  'destination.port': 'scheduler.form.port',
  'destination.username': 'scheduler.form.username',
  'destination.directory': 'scheduler.form.directory',
  'destination.host_fingerprint': 'scheduler.form.fingerprint',
  'destination.password': 'scheduler.form.password',
  'destination.private_key': 'scheduler.form.privateKey',
  'destination.passphrase': 'scheduler.form.passphrase',
  'destination.endpoint': 'scheduler.form.endpoint',
  'destination.bucket': 'scheduler.form.bucket',
  'destination.prefix': 'scheduler.form.prefix',
  'destination.region': 'scheduler.form.region',
  'destination.access_key_id': 'scheduler.form.accessKeyId',
  'destination.secret_access_key': 'scheduler.form.secretAccessKey',
};

function labelOf(path: string): string | null {
  for (let parts = path.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
    const key = FIELD_LABELS[parts.join('.')];
    if (key) return key;
  }
  return null;
}

export function schedulerErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof HttpError) || !error.message) return t(fallback);
  const labels = [
    ...new Set(
      Object.keys(error.fieldErrors ?? {})
        .map(labelOf)
        .filter((key): key is string => key !== null),
    ),
  ].map((key) => t(key));
  if (labels.length === 0) return error.message;
  const check = t('scheduler.form.checkFields', { fields: labels.join(', ') });
  // The schema's own refusal ("Invalid input.", in English) adds nothing the field names do not say.
  return error.code === ERROR_CODES.invalid ? check : `${error.message} ${check}`;
}
