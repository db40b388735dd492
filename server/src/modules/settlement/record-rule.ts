import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * Which settled items a record counts (PRODUCT 15), for every record: a code category's success
 * rate, a plan's, the free tips' record and the landing figures built on it, the model's public
 * record, the dashboard's figures and a user's own. Demo content (`demo`, set by the demo seeding
 * only) stays listed with its badge and is never counted: a fresh install has no record until real
 * items are settled. Each record's query filters its rows through this.
 */
export function countedInRecords(demo: Column | SQL): SQL {
  return sql`not ${demo}`;
}
