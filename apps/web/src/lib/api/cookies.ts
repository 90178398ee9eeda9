export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

// httpOnly cookies (the session) are out of reach by design; the server expires those at logout.
export function clearReadableCookies(): void {
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    // Expiring needs a write; the Cookie Store API is not in every browser we support.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; ${expired}; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; ${expired}; path=/; domain=${location.hostname}`;
  }
}
