import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SERVER_MESSAGES } from '@attest/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { BadRequestError } from '../errors.js';

// OWASP ASVS 2.1: 8 to 128 characters, any characters, checked against common passwords and
// against the person's own e-mail and name. No composition rules, no forced rotation.
let commonPasswords: ReadonlySet<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

export type PasswordOwner = { email: string; name?: string | null };

function isPersonal(password: string, owner: PasswordOwner): boolean {
  const candidate = password.trim().toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const name = owner.name?.trim().toLowerCase() ?? '';
  const personal = [email, email.split('@')[0], name, name.replaceAll(/\s+/g, '')];
  return personal.some((value) => value && value === candidate);
}

// The problems with a new password, as messages for people; empty when it is acceptable.
export function validateNewPassword(password: string, owner: PasswordOwner): string[] {
  // Counted in characters, not UTF-16 units, so an emoji counts once.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return [SERVER_MESSAGES.passwordTooShort];
  if (length > PASSWORD_MAX_LENGTH) return [SERVER_MESSAGES.passwordTooLong];
  const problems: string[] = [];
  if (isCommon(password)) problems.push(SERVER_MESSAGES.passwordTooCommon);
  if (isPersonal(password, owner)) problems.push(SERVER_MESSAGES.passwordTooPersonal);
  return problems;
}

// Throws a 400 whose field errors name the form's field (new_password, password, ...).
export function assertNewPassword(password: string, owner: PasswordOwner, field = 'new_password'): void {
  const problems = validateNewPassword(password, owner);
  const [first] = problems;
  if (first) throw new BadRequestError(first, { [field]: problems });
}
