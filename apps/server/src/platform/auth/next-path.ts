import { isSafeRelativePath } from '@attest/shared';

// A `next` destination kept with a link or token: a path of this origin ('/dashboard?x=1'), never
// another origin ('//evil.test', '/\\evil.test', 'https://...'), a parent climb or the login page
// itself (which would loop). Anything else is dropped, not refused.
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  const rest = value.slice(1);
  if (rest !== '' && !isSafeRelativePath(rest)) return null;
  return value === '/login' || value.startsWith('/login/') || value.startsWith('/login?') ? null : value;
}
