import { z } from 'zod';
import { BARE_HTTPS_PREFIX, isValidUrl, URL_MAX_LENGTH } from './url.js';

// Addresses that tenant data puts into our pages (issue 12, finding 8): header and support links,
// the reports embed and the logo. Each is checked when written and again when read, so a value
// stored before these rules (or written behind the API's back) is dropped, never rendered.

export const LINK_URL_MESSAGES = {
  link: 'Enter a web address starting with https:// or http://, or a path on this site starting with /.',
  embed: 'Enter a web address starting with https://.',
  logo: 'Enter a path on this site starting with /, such as an uploaded logo.',
} as const;

// A path on our own origin: one leading slash, never '//' or '/\' (browsers read both as another
// host), no scheme, no whitespace or control characters.
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\p{Cc}\\]*$/u;

export function isSameOriginPath(value: string): boolean {
  return value.length <= URL_MAX_LENGTH && SAME_ORIGIN_PATH.test(value);
}

// The shared URL rule (spec 1 §5) already refuses javascript:, data:, vbscript: and user-info; the
// bare 'https://' it lets through for an untouched form field leads nowhere, so a link refuses it.
function isWebAddress(value: string): boolean {
  return value !== BARE_HTTPS_PREFIX && isValidUrl(value);
}

// Header and support links: http(s), or a page of this app such as /reports/tableau.
export function isSafeLinkUrl(value: string): boolean {
  return isWebAddress(value) || isSameOriginPath(value);
}

// The reports embed is framed inside our pages: https only (no mixed content, no downgrade).
export function isSafeEmbedUrl(value: string): boolean {
  return isWebAddress(value) && /^https:\/\//i.test(value);
}

// The logo is shown on every page, the sign-in page included: only an image we serve ourselves
// (a brand file or an uploaded attachment), so no other host learns who opens our pages.
export function isSafeLogoUrl(value: string): boolean {
  return isSameOriginPath(value);
}

export const LinkUrlSchema = z.string().max(URL_MAX_LENGTH).refine(isSafeLinkUrl, LINK_URL_MESSAGES.link);
export const EmbedUrlSchema = z.string().max(URL_MAX_LENGTH).refine(isSafeEmbedUrl, LINK_URL_MESSAGES.embed);
export const LogoUrlSchema = z.string().max(URL_MAX_LENGTH).refine(isSafeLogoUrl, LINK_URL_MESSAGES.logo);
