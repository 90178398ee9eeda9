import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The sso_error codes the callback sends back to /login (the SSO module's SSO_ERROR_CODES); any
// other code, 'sso_failed' among them, reads as the spec's 'Authentication failed'.
const SSO_ERROR_KEYS: Record<string, string> = {
  access_denied: 'auth.sso.errors.accessDenied',
  invalid_state: 'auth.sso.errors.invalidState',
  email_domain_not_allowed: 'auth.sso.errors.domainNotAllowed',
  email_not_verified: 'auth.sso.errors.emailNotVerified',
  account_not_linked: 'auth.sso.errors.accountNotLinked',
  user_inactive: 'auth.sso.errors.userInactive',
  provider_unavailable: 'auth.sso.errors.providerUnavailable',
};

export function SsoErrorAlert({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      data-testid="sso-error"
    >
      {t(SSO_ERROR_KEYS[code] ?? 'auth.authenticationFailed')}
    </Alert>
  );
}
