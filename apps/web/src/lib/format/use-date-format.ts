import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDay, formatFullDateTime } from './date-time';

// The date formatters bound to the person's current language, for components.
export function useDateFormat(timeZone?: string) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const context = { locale, timeZone };
    return {
      date: (value: string | Date) => formatDate(value, context),
      dateTime: (value: string | Date) => formatDateTime(value, context),
      fullDateTime: (value: string | Date) => formatFullDateTime(value, context),
      day: (value: string) => formatDay(value, locale),
    };
  }, [locale, timeZone]);
}
