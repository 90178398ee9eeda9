import type { ReactNode } from 'react';
import { AuthFrameProvider } from '../features/auth/components/auth-frame';

// The frame the app provides around sign-in pages, for component tests.
export function TestAuthFrame({ children }: { children: ReactNode }) {
  return (
    <AuthFrameProvider
      value={{
        branding: { title: 'Attest', logo: '/logo.svg', copyright: '© Attest' },
        languages: [],
        currentLanguage: 'en',
        onLanguageChange: () => {},
      }}
    >
      {children}
    </AuthFrameProvider>
  );
}
