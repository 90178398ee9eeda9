import { describe, expect, it } from 'vitest';
import { isSafeEmbedUrl, isSafeLinkUrl, isSafeLogoUrl, isSameOriginPath } from './link-url.js';

describe('isSafeLinkUrl', () => {
  it.each([
    'https://policies.example.test/',
    'http://intranet.example.test/help',
    'https://example.test/a?b=c#d',
    '/reports/tableau',
    '/mysubscriptions/',
  ])('accepts %s', (url) => expect(isSafeLinkUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.test/',
    '/\\evil.test/',
    'https://bank.test@evil.test/',
    'https://',
    'ftp://files.example.test/',
    'reports/tableau',
    '/a b',
    '',
  ])('refuses %s', (url) => expect(isSafeLinkUrl(url)).toBe(false));
});

describe('isSafeEmbedUrl', () => {
  it('accepts https only', () => {
    expect(isSafeEmbedUrl('https://reports.example.test/views/a?:embed=y')).toBe(true);
    expect(isSafeEmbedUrl('http://reports.example.test/')).toBe(false);
    expect(isSafeEmbedUrl('/reports/tableau')).toBe(false);
    expect(isSafeEmbedUrl('https://')).toBe(false);
    expect(isSafeEmbedUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('isSafeLogoUrl', () => {
  it('accepts only a path on this site', () => {
    expect(isSafeLogoUrl('/brand/default.svg')).toBe(true);
    expect(isSafeLogoUrl('/api/v1/attachments/abc/file/')).toBe(true);
    expect(isSafeLogoUrl('https://cdn.example.test/logo.png')).toBe(false);
    expect(isSafeLogoUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isSafeLogoUrl('//cdn.example.test/logo.png')).toBe(false);
  });

  it('refuses a path longer than the URL limit', () => {
    expect(isSameOriginPath(`/${'a'.repeat(2048)}`)).toBe(false);
  });
});
