// Errors that mean "the database cannot be reached right now": the API answers 503 and recovers
// on its own once PostgreSQL is back, instead of failing the process.
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now).
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[1-3])$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) {
    return true;
  }
  // "not queryable": a client whose connection broke while checked out, used again (its rollback).
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(
    error.message,
  );
}

// SQLSTATE 23505: a concurrent request took the same unique value between our check and our write.
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

// SQLSTATE 22021 (character not in repertoire) and 22P05 (untranslatable character): text the
// database cannot store, such as U+0000. The input guards refuse it first; this is the second line.
// 22P02 (invalid text representation) is left a 500 on purpose: it can also come from our own
// casts of stored data, and a 400 would hide that bug.
const SQLSTATE_UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  return error instanceof Error && SQLSTATE_UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code));
}
