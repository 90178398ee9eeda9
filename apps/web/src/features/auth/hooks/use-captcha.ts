import { useCallback, useState } from 'react';
import { useCaptchaConfig } from '../api/get-captcha-config';

export type CaptchaFields = { captcha_token?: string; captcha_service?: 'hcaptcha' };

export type Captcha = {
  enabled: boolean;
  siteKey: string | null;
  // False while the tenant requires a captcha that has not been solved yet.
  ready: boolean;
  token: string | null;
  setToken: (token: string | null) => void;
  // Spec 1 section 5: the token travels with captcha_service 'hcaptcha', or not at all.
  fields: () => CaptchaFields;
  // A token is single use: after every attempt the widget must be solved again.
  reset: () => void;
  resetKey: number;
};

export function useCaptcha(): Captcha {
  const config = useCaptchaConfig();
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const enabled = Boolean(config.data?.enabled && config.data.site_key);
  const fields = useCallback(
    (): CaptchaFields => (enabled && token ? { captcha_token: token, captcha_service: 'hcaptcha' } : {}),
    [enabled, token],
  );
  const reset = useCallback(() => {
    setToken(null);
    setResetKey((key) => key + 1);
  }, []);
  return {
    enabled,
    siteKey: config.data?.site_key ?? null,
    ready: !enabled || token !== null,
    token,
    setToken,
    fields,
    reset,
    resetKey,
  };
}
