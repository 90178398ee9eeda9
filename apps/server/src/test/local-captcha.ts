import type { CaptchaVerifierFactory } from '../platform/captcha/captcha-verifier.js';

// Tests never call hCaptcha: this verifier accepts one known answer for one known tenant secret.
export const TEST_CAPTCHA_SECRET = 'test-hcaptcha-secret';
export const TEST_CAPTCHA_TOKEN = 'test-captcha-pass';

export const localCaptchaVerifier: CaptchaVerifierFactory = (secret) => ({
  verify: async (token) => secret === TEST_CAPTCHA_SECRET && token === TEST_CAPTCHA_TOKEN,
});
