import { ERROR_CODES, HttpError, SERVER_MESSAGES } from '@attest/shared';

type Translate = (key: string) => string;

// Spec 1 section 8: the server's message we know gets our translation; otherwise the server's detail
// (a 429 says when to try again); otherwise the flow's own fallback ('Login failed', 'OTP login failed'...).
export function signInErrorMessage(error: Error, fallbackKey: string, t: Translate): string {
  if (error instanceof HttpError) {
    if (error.message === SERVER_MESSAGES.invalidCredentials) return t('auth.invalidCredentials');
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}

export function isExpiredToken(error: unknown): boolean {
  return error instanceof HttpError && error.code === ERROR_CODES.tokenExpired;
}

// Too many wrong passwords: password sign-in is paused for this account, the e-mailed ways are not.
export function isThrottled(error: unknown): boolean {
  return error instanceof HttpError && error.status === 429;
}
