import { describe, expect, it } from 'vitest';
import { BARE_HTTPS_PREFIX, isValidUrl, URL_MAX_LENGTH } from './url.js';

describe('isValidUrl', () => {
  it("accepts the bare 'https://' a URL field starts with", () => {
    expect(BARE_HTTPS_PREFIX).toBe('https://');
    expect(isValidUrl('https://')).toBe(true);
  });

  it("accepts only the exact bare 'https://', not other bare prefixes", () => {
    expect(isValidUrl('http://')).toBe(false);
    expect(isValidUrl('HTTPS://')).toBe(false);
    expect(isValidUrl('https:// ')).toBe(false);
    expect(isValidUrl(' https://')).toBe(false);
  });

  it.each([
    'https://example.com',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'https://sub.domain.example.co.uk',
    'https://my-site.example.org',
    'http://localhost',
    'http://localhost:3000',
    'https://example.com:8443/path',
    'https://example.com:65535',
    'https://192.168.0.1/admin',
    'https://example.com/a/b/c.html',
    'https://example.com/',
    'https://example.com/path?x=1&y=two',
    'https://example.com?x=1',
    'https://example.com/path#section',
    'https://example.com/path?x=1#section',
    'https://example.com/path/with%20encoded',
    'https://münchen.de/straße',
    'https://xn--mnchen-3ya.de',
  ])('accepts %s', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no scheme', 'example.com'],
    ['scheme-relative', '//example.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme with slashes', 'javascript://example.com/%0Aalert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['ftp scheme', 'ftp://example.com'],
    ['mailto scheme', 'mailto:someone@example.com'],
    ['host without a dot', 'https://intranet'],
    ['host with an empty label', 'https://example..com'],
    ['host ending with a dot', 'https://example.com.'],
    ['host label starting with a hyphen', 'https://-example.com'],
    ['host label ending with a hyphen', 'https://example-.com'],
    ['underscore in the host', 'https://my_site.example.com'],
    ['user info', 'https://bank.com@evil.com'],
    ['user and password', 'https://user:pass@example.com'],
    ['space in the path', 'https://example.com/a b'],
    ['space in the query', 'https://example.com/?q=a b'],
    ['space in the host', 'https://exa mple.com'],
    ['leading space', ' https://example.com'],
    ['trailing space', 'https://example.com '],
    ['tab', 'https://example.com/\tpath'],
    ['new line', 'https://example.com/\npath'],
    ['non-breaking space', 'https://example.com/\u00a0'],
    ['control character', 'https://example.com/\u0000'],
    ['port over 65535', 'https://example.com:65536'],
    ['port with six digits', 'https://example.com:123456'],
    ['empty port', 'https://example.com:'],
    ['non-numeric port', 'https://example.com:http'],
    ['single slash after the scheme', 'https:/example.com'],
    ['IPv6 literal (not supported)', 'https://[::1]/'],
  ])('rejects %s', (_case, url) => {
    expect(isValidUrl(url)).toBe(false);
  });

  it('bounds the length at URL_MAX_LENGTH characters', () => {
    const base = 'https://example.com/';
    const atLimit = base + 'a'.repeat(URL_MAX_LENGTH - base.length);
    expect(atLimit).toHaveLength(URL_MAX_LENGTH);
    expect(isValidUrl(atLimit)).toBe(true);
    expect(isValidUrl(`${atLimit}a`)).toBe(false);
  });
});
