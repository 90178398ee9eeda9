import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox('a-test-secret-key-that-is-long-enough');

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered secret and one sealed under another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox('another-key-that-is-also-long-enough').open(sealed)).toThrow();
  });
});
