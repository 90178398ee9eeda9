import { formatDateTime as formatInstant } from '../../../lib/format/date-time';

export function formatDateTime(value: string, locale: string): string {
  return formatInstant(value, { locale });
}
