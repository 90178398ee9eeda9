import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LanguageOption } from '../../../lib/i18n/language-options';
import { forgetNext, recallNext, rememberNext, safeNext } from '../../../lib/navigation/next-url';
import { AuthLayout, type Branding } from './auth-layout';
import { LanguagePicker } from './language-picker';
import { LoginForm } from './login-form';
import { MfaRequired } from './mfa-required';

export type LoginPageProps = {
  branding: Branding;
  languages: readonly LanguageOption[];
  currentLanguage: string;
  onLanguageChange: (code: string) => void;
};

export function LoginPage({ branding, languages, currentLanguage, onLanguageChange }: LoginPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mfaRequired, setMfaRequired] = useState(false);
  const next = safeNext(params.get('next'));

  // Kept in session storage too: a single-sign-on round trip drops the query string.
  useEffect(() => rememberNext(next), [next]);

  const signedIn = () => {
    const target = next ?? recallNext() ?? '/';
    forgetNext();
    navigate(target, { replace: true });
  };

  return (
    <AuthLayout
      branding={branding}
      heading={mfaRequired ? t('auth.mfaHeading') : t('auth.heading')}
      subheading={mfaRequired ? undefined : t('auth.subheading', { brand: branding.title })}
      footerAside={
        <LanguagePicker languages={languages} current={currentLanguage} onChange={onLanguageChange} />
      }
    >
      {mfaRequired ? (
        <MfaRequired onBack={() => setMfaRequired(false)} />
      ) : (
        <LoginForm onSignedIn={signedIn} onMfaRequired={() => setMfaRequired(true)} />
      )}
    </AuthLayout>
  );
}
