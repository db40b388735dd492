import { type CommittedAnswer, committedAnswer } from '@cashtips/contract/errors';
import type { FastifyBaseLogger } from 'fastify';
import { describeForLog } from '../plugins/error-handler.ts';

/*
 * A request whose money has moved (a purchase, a subscription, a withdrawal) has happened: its answer
 * must say so whatever goes wrong afterwards. What runs after the commit goes through here, and a
 * route that moves money names the sentence it answers with in its config (`committedMessage`), so
 * that even an answer that fails its own schema goes out as `{ success, message, partial }` rather
 * than a 500 that reads as "nothing happened" and invites a second payment (the error handler).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route moves money: once it has, any failure answers 200 with this sentence (lib/committed.ts). */
    committedMessage?: string;
  }
}

/** A side effect of a committed request (an event, a cache to forget): its failure is logged, never answered. */
export async function afterCommit(
  logger: FastifyBaseLogger,
  what: string,
  effect: () => unknown,
): Promise<void> {
  try {
    await effect();
  } catch (error) {
    logger.error({ err: describeForLog(error) }, `after a commit: ${what} failed`);
  }
}

/**
 * The full answer of a committed request, or, when it cannot be built, the sentence that says it
 * happened: the client then reads the item and the wallets again.
 */
export async function answerOnceCommitted<T>(
  logger: FastifyBaseLogger,
  message: string,
  build: () => T | Promise<T>,
): Promise<T | CommittedAnswer> {
  try {
    return await build();
  } catch (error) {
    logger.error({ err: describeForLog(error) }, 'after a commit: the answer could not be built');
    return committedAnswer(message);
  }
}
