import { sql } from 'drizzle-orm';

/** `'a', 'b'` for a CHECK (… in (…)) built from the contract's list of allowed values. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
