import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../hooks/use-captcha';
import { loadHCaptcha } from '../lib/load-hcaptcha';

export type HCaptchaWidgetProps = { captcha: Captcha };

// Renders nothing unless the tenant enabled captcha; then the hCaptcha checkbox, in the UI language.
export function HCaptchaWidget({ captcha }: HCaptchaWidgetProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { enabled, siteKey, setToken, resetKey } = captcha;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey renders a fresh widget after every attempt, since a token is single use
  useEffect(() => {
    if (!enabled || !siteKey || !container.current) return;
    let widgetId: string | undefined;
    let cancelled = false;
    const element = container.current;
    loadHCaptcha()
      .then((api) => {
        if (cancelled) return;
        widgetId = api.render(element, {
          sitekey: siteKey,
          hl: i18n.language,
          callback: (token) => setToken(token),
          'expired-callback': () => setToken(null),
          'error-callback': () => setToken(null),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.hcaptcha?.remove(widgetId);
    };
  }, [enabled, siteKey, setToken, i18n.language, resetKey]);

  if (!enabled) return null;
  if (failed) {
    return (
      <Alert color="orange" variant="light">
        {t('auth.captchaUnavailable')}
      </Alert>
    );
  }
  return <Box ref={container} mih={78} data-testid="hcaptcha" />;
}
