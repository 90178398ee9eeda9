import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DateFormatContext,
  formatDate,
  formatDateTime,
  formatDay,
  formatFullDateTime,
} from './date-time';
import { useTimeZone } from './time-zone';

// The date formatters bound to the person's language and time zone (TimeZoneProvider), for
// components; `context` is the same pair for a plain function that formats dates (a sentence).
export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const timeZone = useTimeZone();
  return useMemo(() => {
    const context: DateFormatContext = { locale, timeZone };
    return {
      context,
      date: (value: string | Date) => formatDate(value, context),
      dateTime: (value: string | Date) => formatDateTime(value, context),
      fullDateTime: (value: string | Date) => formatFullDateTime(value, context),
      day: (value: string) => formatDay(value, locale),
    };
  }, [locale, timeZone]);
}
