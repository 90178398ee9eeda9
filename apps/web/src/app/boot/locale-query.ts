import { queryOptions } from '@tanstack/react-query';
import { loadLanguage } from '../../lib/i18n/load-language';

export const localeKeys = {
  all: ['locale'] as const,
  strings: (code: string) => [...localeKeys.all, code] as const,
};

// Strings never go stale in a page's lifetime; a language change reloads the page anyway.
export const localeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: localeKeys.strings(code),
    queryFn: () => loadLanguage(code),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
