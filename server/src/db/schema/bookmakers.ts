import { boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The latest read of each shared code at its bookmaker (PRODUCT 16), shared by every process: a read
 * younger than a minute is reused instead of calling the bookmaker again. `answer` is the adapter's
 * CodeRead as JSON (a code's legs, or the bookmaker's word that it cannot be loaded).
 */
export const bookmakerReads = pgTable(
  'bookmaker_reads',
  {
    bookmaker: text('bookmaker').notNull(),
    /** The code in capitals: bookmakers compare codes without case. */
    code: text('code').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull(),
    answer: jsonb('answer').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bookmaker, table.code] })],
);

/** Each bookmaker's latest call as the admin's status panel shows it, whichever process made it. */
export const bookmakerStatus = pgTable('bookmaker_status', {
  bookmaker: text('bookmaker').primaryKey(),
  ok: boolean('ok').notNull(),
  lastError: text('last_error'),
  lastCallAt: timestamp('last_call_at', { withTimezone: true, mode: 'date' }).notNull(),
});
