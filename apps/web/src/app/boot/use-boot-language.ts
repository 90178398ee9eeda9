import type { Configuration, User } from '@attest/shared';
import { useDirection } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { chooseLanguage } from '../../lib/i18n/choose-language';
import { applyDocumentLanguage, directionOf } from '../../lib/i18n/document-language';
import { getStoredLanguage, subscribeStoredLanguage } from '../../lib/i18n/language-preference';
import { localeQueryOptions } from './locale-query';

export type BootLanguageInput = {
  ready: boolean;
  configuration: Configuration | null;
  user: User | null;
};

// Picks the language once configuration and the user are known, loads its strings and sets the
// document's lang and dir. Resolves to the active locale, or undefined while strings load.
export function useBootLanguage({ ready, configuration, user }: BootLanguageInput) {
  const stored = useSyncExternalStore(subscribeStoredLanguage, getStoredLanguage, () => null);
  const wanted = chooseLanguage({
    userLanguage: user?.prefered_language,
    storedLanguage: stored,
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
    supported: configuration?.supported_languages,
    defaultLanguage: configuration?.default_language,
  });
  // The previous strings stay on screen while another language loads: no flash of a loader.
  const strings = useQuery({
    ...localeQueryOptions(wanted),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const active = strings.data;
  const { setDirection } = useDirection();

  useEffect(() => {
    if (!active) return;
    applyDocumentLanguage(active);
    setDirection(directionOf(active));
  }, [active, setDirection]);

  if (strings.error) throw strings.error;
  return active;
}
