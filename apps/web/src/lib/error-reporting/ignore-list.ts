// Spec 2 §8, the error-reporting ignore list: noise a browser makes that no fix of ours can stop.
export const IGNORED_ERRORS: readonly RegExp[] = [
  // Resize-observer loop notices.
  /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i,
  // Failed fetch and network errors (Chromium, Firefox, Safari wordings).
  /Failed to fetch|NetworkError when attempting to fetch resource|^(TypeError: )?(Load failed|Network ?Error|network error)/i,
  // Closing-database errors (IndexedDB while the tab closes or the browser clears data).
  /database connection is closing|Database deleted by request of the user/i,
  // Failed dynamic-module or style preload errors (a deployment replaced the files; see preload-error.ts).
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i,
  // Non-error rejections for an object not found with an id, and for a timeout.
  /Non-Error promise rejection captured with value: Object Not Found Matching Id/i,
  /Non-Error promise rejection captured with value: Timeout/i,
  // Anything that mentions an unhandled rejection 403 (spec 1 §8 leaves a 403 call unresolved).
  /unhandled ?(promise )?rejection.*\b403\b/i,
];

// The texts of an error event: its message and each exception as "Type: value", as the error
// service shows them.
export type ErrorTexts = {
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
};

export function errorTexts(event: ErrorTexts): string[] {
  const texts = event.message ? [event.message] : [];
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) texts.push(exception.value);
    if (exception.type || exception.value)
      texts.push([exception.type, exception.value].filter(Boolean).join(': '));
  }
  return texts;
}

export function isIgnoredError(event: ErrorTexts): boolean {
  return errorTexts(event).some((text) => IGNORED_ERRORS.some((pattern) => pattern.test(text)));
}
