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
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

// SQLSTATE 23505: a concurrent request took the same unique value between our check and our write.
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}
