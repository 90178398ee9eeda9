// Spec 1 §5: "Client URL helpers reject absolute or leading-slash paths", and §7: for the generic
// GET of dynamic option lists "Absolute URLs are rejected; api/v1 or api/v2 prefixes are stripped".
// A path is resolved against the tenant's API base, so anything that could leave that base
// (another origin, the origin root, a parent folder) is refused.
export const CLIENT_PATH_ERRORS = {
  empty: 'A client API path is required',
  absolute: 'Absolute URLs are not allowed in client API paths; pass a path relative to the API base',
  leadingSlash: 'Client API paths must not start with a slash; pass a path relative to the API base',
  whitespace: 'Client API paths must not contain whitespace or control characters',
  dotSegment: "Client API paths must not contain '.' or '..' segments",
} as const;

type ClientPathError = (typeof CLIENT_PATH_ERRORS)[keyof typeof CLIENT_PATH_ERRORS];

// Any scheme: https:, javascript:, mailto:, data: ...
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// URL parsers drop tabs and new lines and trim spaces, so ' //evil.com' would turn protocol-relative.
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;
// URL parsers treat '\' as '/', so '\\evil.com' is protocol-relative too.
const SLASH = /^[/\\]/;
const DOUBLE_SLASH = /^[/\\]{2}/;
// '%2e' is decoded to '.' by URL parsers, so '%2e%2e/' climbs like '../'.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const VERSION_PREFIX = /^api\/v[12](?:\/|$)/;

function unsafeReason(path: string): ClientPathError | undefined {
  if (path.length === 0) return CLIENT_PATH_ERRORS.empty;
  if (WHITESPACE_OR_CONTROL.test(path)) return CLIENT_PATH_ERRORS.whitespace;
  if (SCHEME.test(path) || DOUBLE_SLASH.test(path)) return CLIENT_PATH_ERRORS.absolute;
  if (SLASH.test(path)) return CLIENT_PATH_ERRORS.leadingSlash;
  const pathPart = path.split(/[?#]/, 1)[0] ?? '';
  if (pathPart.split(/[/\\]/).some((segment) => DOT_SEGMENT.test(segment))) {
    return CLIENT_PATH_ERRORS.dotSegment;
  }
  return undefined;
}

export function isSafeRelativePath(path: string): boolean {
  return unsafeReason(path) === undefined;
}

// Checked again after stripping: 'api/v1//evil.com' must not become '/evil.com'.
export function toClientApiPath(path: string): string {
  assertSafe(path);
  const stripped = path.replace(VERSION_PREFIX, '');
  assertSafe(stripped);
  return stripped;
}

function assertSafe(path: string): void {
  const reason = unsafeReason(path);
  if (reason) throw new Error(`${reason}: ${JSON.stringify(path)}`);
}
