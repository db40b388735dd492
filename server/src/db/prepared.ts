import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs a hot statement written in SQL as a named prepared statement, so PostgreSQL parses and
 * plans it once per connection instead of on every call (Drizzle prepares only its query builders,
 * and `db.execute` sends the text each time). The statement's text must be the same on every call
 * under one name (values go in as parameters); node-postgres refuses a name reused for other text.
 * On the embedded database the name is ignored. Inside a transaction pass the transaction: the
 * statement runs on its connection.
 */
export async function executePrepared<Row>(db: Executor, name: string, statement: SQL): Promise<Row[]> {
  const result = (await db._.session
    .prepareQuery(dialect.sqlToQuery(statement), undefined, name, false)
    .execute()) as { rows: Row[] };
  return result.rows;
}
