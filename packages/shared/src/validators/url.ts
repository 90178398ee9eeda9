// Spec 1 §5: "URL check accepts the bare 'https://' or a string matching a URL pattern".
// The bare prefix is what a URL input is pre-filled with, so an untouched field stays valid.
export const BARE_HTTPS_PREFIX = 'https://';

// Bounded like every input (STYLE rule 7); 2048 is the common browser and proxy limit.
export const URL_MAX_LENGTH = 2048;

// A host label: letters (any script) and digits, inner hyphens, at most 63 characters.
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
// No whitespace or control characters anywhere: browsers silently drop some of them.
const URL_CHAR = '[^\\s\\p{Cc}';

// http or https only (rejects javascript:, data:, ftp:), then a host with a dot or localhost,
// an optional port, path, query and fragment. No user-info: 'https://bank.com@evil.com' misleads.
const URL_PATTERN = new RegExp(
  `^https?://(?:localhost|(?:${LABEL}\\.)+${LABEL})(?::(\\d{1,5}))?` +
    `(?:/${URL_CHAR}?#]*)?(?:\\?${URL_CHAR}#]*)?(?:#${URL_CHAR}]*)?$`,
  'iu',
);

const MAX_PORT = 65_535;

export function isValidUrl(value: string): boolean {
  if (value === BARE_HTTPS_PREFIX) return true;
  if (value.length > URL_MAX_LENGTH) return false;
  const match = URL_PATTERN.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || Number(port) <= MAX_PORT;
}
