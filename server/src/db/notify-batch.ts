import type pg from 'pg';

export type Notify = (channel: string, payload: string) => Promise<void>;

/**
 * PostgreSQL NOTIFY, batched: every notification asked for in the same turn of the event loop,
 * across requests and features (socket events, cache invalidations), goes out as one statement, in
 * order. Each caller's promise settles when that statement is acknowledged, so by then PostgreSQL
 * has queued the notification for every listening process.
 */
export function batchedNotify(pool: pg.Pool): Notify {
  let pending: { channel: string; payload: string; done: () => void; failed: (error: unknown) => void }[] =
    [];

  function flush() {
    const batch = pending;
    pending = [];
    pool
      .query({
        name: 'notify_batch',
        text: 'select pg_notify(channel, payload) from unnest($1::text[], $2::text[]) as events(channel, payload)',
        values: [batch.map((event) => event.channel), batch.map((event) => event.payload)],
      })
      .then(
        () => {
          for (const event of batch) event.done();
        },
        (error: unknown) => {
          for (const event of batch) event.failed(error);
        },
      );
  }

  return (channel, payload) =>
    new Promise<void>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ channel, payload, done: resolve, failed: reject });
    });
}
