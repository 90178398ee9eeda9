import { createContext, type ReactNode, useContext } from 'react';
import { track } from '../../../lib/analytics/track';
import type { LanguageOption } from '../../../lib/i18n/language-options';
import { AuthLayout, type Branding } from './auth-layout';
import { LanguagePicker } from './language-picker';

export type AuthFrame = {
  branding: Branding;
  languages: readonly LanguageOption[];
  currentLanguage: string;
  onLanguageChange: (code: string) => void;
};

const AuthFrameContext = createContext<AuthFrame | null>(null);

// The app provides the tenant's brand and languages once for every sign-in page.
export const AuthFrameProvider = AuthFrameContext.Provider;

export function useAuthFrame(): AuthFrame {
  const frame = useContext(AuthFrameContext);
  if (!frame) throw new Error('A sign-in page is rendered outside AuthFrameProvider');
  return frame;
}

export type AuthCardProps = { heading: ReactNode; subheading?: ReactNode; children: ReactNode };

// One sign-in step: the branded card with the language picker below.
export function AuthCard({ heading, subheading, children }: AuthCardProps) {
  const frame = useAuthFrame();
  return (
    <AuthLayout
      branding={frame.branding}
      heading={heading}
      subheading={subheading}
      footerAside={
        <LanguagePicker
          languages={frame.languages}
          current={frame.currentLanguage}
          onChange={(code) => {
            track('login.language', { section: code.toLowerCase() });
            frame.onLanguageChange(code);
          }}
        />
      }
    >
      {children}
    </AuthLayout>
  );
}
