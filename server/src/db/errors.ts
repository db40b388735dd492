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
