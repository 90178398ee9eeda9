import { ChangeLanguageResponseSchema } from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { setStoredLanguage } from '../../../lib/i18n/language-preference';
import { toast } from '../../../lib/notifications/toast';

export async function changeLanguage(code: string): Promise<string> {
  const { prefered_language } = await http.post(
    'users/change_prefered_language/',
    { to_language: code },
    ChangeLanguageResponseSchema,
  );
  return prefered_language;
}

// Spec 1 section 4: store the selection, tell the server, reload on success; on failure stay.
export function useChangeLanguage() {
  return useMutation({
    mutationFn: async (code: string) => {
      setStoredLanguage(code);
      return changeLanguage(code);
    },
    onSuccess: () => window.location.reload(),
    onError: () => toast.error('language.changeFailed', { id: 'language-change-failed' }),
  });
}
