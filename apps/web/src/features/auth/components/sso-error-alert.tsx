import { SSO_ERROR_CODES } from '@attest/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// The sso_error codes the callback sends back to /login; any other code, SSO_ERROR_CODES.failed
// among them, reads as the spec's 'Authentication failed'.
const SSO_ERROR_KEYS: Record<string, string> = {
  [SSO_ERROR_CODES.accessDenied]: 'auth.sso.errors.accessDenied',
  [SSO_ERROR_CODES.invalidState]: 'auth.sso.errors.invalidState',
  [SSO_ERROR_CODES.emailDomainNotAllowed]: 'auth.sso.errors.domainNotAllowed',
  [SSO_ERROR_CODES.emailNotVerified]: 'auth.sso.errors.emailNotVerified',
  [SSO_ERROR_CODES.accountNotLinked]: 'auth.sso.errors.accountNotLinked',
  [SSO_ERROR_CODES.userInactive]: 'auth.sso.errors.userInactive',
  [SSO_ERROR_CODES.providerUnavailable]: 'auth.sso.errors.providerUnavailable',
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
