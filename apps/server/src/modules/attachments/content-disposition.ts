import { sanitiseZipFileName } from '@attest/shared';

// RFC 6266: a plain ASCII filename for old clients and filename* with the UTF-8 name for the rest.
// Forbidden characters (path separators, quotes, control characters) become underscores first, as
// for zip entries, so a saved download can never name a path.
const RFC5987_EXTRA = /['()*]/g;

export function attachmentDisposition(fileName: string): string {
  const safe = sanitiseZipFileName(fileName).trim() || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    RFC5987_EXTRA,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
