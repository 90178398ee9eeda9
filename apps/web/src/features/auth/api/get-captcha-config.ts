import { CaptchaConfigSchema, SIGN_IN_PATHS } from '@attest/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api/http-client';
import { authKeys } from './auth-keys';

export function getCaptchaConfig() {
  return http.get(SIGN_IN_PATHS.captchaConfig, CaptchaConfigSchema);
}

export const captchaConfigQueryOptions = () =>
  queryOptions({ queryKey: authKeys.captcha(), queryFn: getCaptchaConfig });

export function useCaptchaConfig() {
  return useQuery(captchaConfigQueryOptions());
}
