import { readItem, removeItem, writeItem } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';

export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

// Only same-origin paths: '//evil.test' or 'https://evil.test' must not become an open redirect.
export function safeNext(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Back to the login page after logging in would be a loop.
  return value.startsWith('/login') ? null : value;
}

export function loginPath(next: string | null): string {
  const safe = safeNext(next);
  return safe && safe !== '/' ? `/login?next=${encodeURIComponent(safe)}` : '/login';
}

// Spec 1 section 2: next is also kept in session storage so single sign-on round trips keep it.
export function rememberNext(next: string | null): void {
  const safe = safeNext(next);
  if (safe) writeItem(sessionStorage, STORAGE_KEYS.nextUrl, safe);
}

export function recallNext(): string | null {
  return safeNext(readItem(sessionStorage, STORAGE_KEYS.nextUrl));
}

export function forgetNext(): void {
  removeItem(sessionStorage, STORAGE_KEYS.nextUrl);
}
