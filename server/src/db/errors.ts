/** A PostgreSQL error as raised by node-postgres and PGlite (possibly wrapped by Drizzle). */
interface DatabaseError {
  code: string;
  detail?: string | undefined;
}

/** The database error with this SQLSTATE inside `error` (Drizzle wraps driver errors), if any. */
export function databaseErrorOf(error: unknown, sqlState: string): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === sqlState) {
      return current as DatabaseError;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error, '23505') !== undefined;
}

/**
 * The database connection itself failed, rather than the statement: the server terminated the
 * backend (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), a connection
 * exception (class 08), or the socket closed or was refused. The request may be retried; its
 * transaction, cut off before COMMIT, left nothing behind.
 */
export function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if (typeof current === 'object') {
      const { code, message } = current as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && (/^57P0[123]$/.test(code) || code.startsWith('08'))) return true;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true;
      if (
        typeof message === 'string' &&
        /^Connection terminated|^Client has encountered a connection error/.test(message)
      )
        return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
