// Failures before any HTTP answer: the browser is offline, or the request never completed.
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
