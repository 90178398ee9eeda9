import { safeNext } from '../../../lib/navigation/next-url';

export const SIGN_IN_ROUTES = {
  login: '/login',
  mfa: '/login/mfa',
  code: '/login/code',
  magic: '/login/magic',
  magicConfirm: '/login/magic/confirm',
  close: '/login/close',
  invitation: '/login/invitation',
} as const;

// Every sign-in step carries `next` on to the following one.
export function withNext(path: string, next: string | null): string {
  const safe = safeNext(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
}
