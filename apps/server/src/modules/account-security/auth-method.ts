import type { AuthMethod } from '../../platform/auth/sessions.repository.js';

const AUTH_METHODS: ReadonlySet<string> = new Set<AuthMethod>([
  'password',
  'login_code',
  'magic_link',
  'sso',
  'claim_token',
  'invitation',
  'impersonation',
]);

// The database stores the method as text; a value it does not know reads as a password sign-in.
export function asAuthMethod(value: string): AuthMethod {
  return AUTH_METHODS.has(value) ? (value as AuthMethod) : 'password';
}
