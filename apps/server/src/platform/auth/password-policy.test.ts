import { describe, expect, it } from 'vitest';
import { assertNewPassword, validateNewPassword } from './password-policy.js';

const owner = { email: 'Ada.Lovelace@example.test', name: 'Ada Lovelace' };

describe('validateNewPassword', () => {
  it('accepts a long, uncommon password', () => {
    expect(validateNewPassword('violet-tugboat-orbit-42', owner)).toEqual([]);
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(validateNewPassword('a1b2c3d', owner)).toEqual([
      'This password is too short. It must contain at least 8 characters.',
    ]);
    expect(validateNewPassword('x'.repeat(129), owner)).toEqual([
      'This password is too long. It must contain at most 128 characters.',
    ]);
    expect(validateNewPassword('x'.repeat(128).replace(/^x{4}/, 'abcd'), owner)).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateNewPassword('🔒🔒🔒🔒🔒🔒🔒', owner)).toEqual([
      'This password is too short. It must contain at least 8 characters.',
    ]);
    expect(validateNewPassword('🔒🔒🔒🔒🔒🔒🔒🔒', owner)).toEqual([]);
  });

  it('refuses common passwords whatever their case', () => {
    for (const password of ['password', 'Password', '12345678', 'QWERTYUIOP', 'football']) {
      expect(validateNewPassword(password, owner)).toEqual([
        'This password is too common. Choose one that is harder to guess.',
      ]);
    }
  });

  it("refuses the person's own e-mail address or name", () => {
    const personal = ['This password is too similar to your e-mail address or name.'];
    expect(validateNewPassword('ada.lovelace@example.test', owner)).toEqual(personal);
    expect(validateNewPassword('Ada.Lovelace', owner)).toEqual(personal);
    expect(validateNewPassword('ada lovelace', owner)).toEqual(personal);
    expect(validateNewPassword('AdaLovelace', owner)).toEqual(personal);
  });

  it('throws a 400 naming the field', () => {
    expect(() => assertNewPassword('short', owner, 'password')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        fieldErrors: { password: ['This password is too short. It must contain at least 8 characters.'] },
      }),
    );
  });
});
