import type { CaptchaVerifierFactory } from './captcha-verifier.js';

export const HCAPTCHA_SITEVERIFY_URL = 'https://api.hcaptcha.com/siteverify';
const TIMEOUT_MS = 5000;

// hCaptcha's server-side check (https://docs.hcaptcha.com/#verify-the-user-response-server-side).
// A timeout, a network error or an unreadable answer refuses: an attacker must not win by making
// the provider unreachable. The endpoint is a parameter so tests can run a local one.
export function hcaptchaVerifierAt(endpoint: string): CaptchaVerifierFactory {
  return (secret) => ({
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  });
}

export const hcaptchaVerifier = hcaptchaVerifierAt(HCAPTCHA_SITEVERIFY_URL);
