import { BRANDS, type BrandKey } from '@attest/shared';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AuthFrameProvider } from '../../features/auth';
import { useConfiguration } from '../../features/configuration';
import { languageOptions } from '../../lib/i18n/language-options';
import { setStoredLanguage } from '../../lib/i18n/language-preference';
import { brandNameOf, useDocumentTitle } from '../layout/use-document-title';

function isBrandKey(value: string): value is BrandKey {
  return Object.hasOwn(BRANDS, value);
}

// Every sign-in page shares the tenant's brand and the language choice.
export function AuthFrameRoute() {
  const { i18n } = useTranslation();
  const configuration = useConfiguration();
  const brand = isBrandKey(configuration.brand) ? BRANDS[configuration.brand] : BRANDS.default;
  const name = brandNameOf(configuration);
  useDocumentTitle(name);
  return (
    <AuthFrameProvider
      value={{
        // Issue 19: the tenant's own name and logo (Settings > Branding) from the public configuration
        // the boot has already read; the brand colour themes the whole app (app-providers.tsx). The
        // hostname's white-label brand fills what the tenant has not set.
        branding: {
          title: name || brand.title,
          logo: configuration.logo ?? brand.logo,
          tenantLogo: configuration.logo !== null,
          copyright: configuration.brand_copyright || brand.copyright,
        },
        languages: languageOptions(configuration),
        currentLanguage: i18n.language,
        // Signed out there is no account to save it on: this browser remembers it.
        onLanguageChange: setStoredLanguage,
      }}
    >
      <Outlet />
    </AuthFrameProvider>
  );
}
