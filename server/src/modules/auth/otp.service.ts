import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MINUTES } from '@cashtips/contract/auth';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

export type OtpPurpose = 'verify' | 'reset';

export const otpMessages = {
  invalid: 'Invalid OTP. Please check the code and try again.',
  expired: 'OTP has expired. Please request a new one.',
  exhausted: 'This OTP has expired after too many wrong attempts. Please request a new one.',
  cooldown: (seconds: number) => `Please wait ${seconds}s before requesting a new OTP.`,
} as const;

/**
 * One-time codes: 6 random digits, kept only as a keyed hash, valid 10 minutes, 5 wrong tries,
 * one purpose each, at most one new code per email and purpose every 60 seconds.
 */
export class OtpService {
  constructor(
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly secret: string,
  ) {}

  private hash(email: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`otp:${purpose}:${email}:${code}`).digest('hex');
  }

  cooldownKey(email: string, purpose: OtpPurpose): string {
    return `otp-send:${purpose}:${email}`;
  }

  /** Counts a send against the 60 s cooldown; throws 429 with the seconds left when too soon. */
  async claimSendSlot(email: string, purpose: OtpPurpose): Promise<void> {
    const result = await this.limiter.hit({
      key: this.cooldownKey(email, purpose),
      limit: 1,
      windowSeconds: OTP_RESEND_COOLDOWN_SECONDS,
    });
    if (!result.allowed) {
      throw new AppError('OTP_COOLDOWN', 429, otpMessages.cooldown(result.retryAfterSeconds), {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
  }

  releaseSendSlot(email: string, purpose: OtpPurpose): Promise<void> {
    return this.limiter.release(this.cooldownKey(email, purpose));
  }

  /** Issues a fresh code and voids any earlier one of the same purpose. Answers the plain code. */
  async issue(db: Executor, email: string, purpose: OtpPurpose): Promise<string> {
    const now = this.clock.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
    await db.insert(otpCodes).values({
      email,
      purpose,
      codeHash: this.hash(email, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
    });
    return code;
  }

  async voidAll(db: Executor, email: string, purpose: OtpPurpose): Promise<void> {
    await db
      .update(otpCodes)
      .set({ consumedAt: this.clock.now() })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
  }

  /**
   * Checks a code without consuming it and answers its id. A wrong guess is counted on `db`
   * directly, outside any caller transaction, so that the failure rolling that transaction back
   * cannot undo the count. The guarded UPDATE keeps the count exact under concurrent guesses.
   */
  async check(db: Database, email: string, purpose: OtpPurpose, code: string): Promise<string> {
    const now = this.clock.now();
    const current = await db.query.otpCodes.findFirst({
      where: and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)),
      orderBy: desc(otpCodes.createdAt),
    });
    if (!current) throw new AppError('OTP_INVALID', 400, otpMessages.invalid);
    if (current.consumedAt) {
      // The newest code is spent: say so if wrong guesses used it up, so the user asks for a new one.
      throw current.attempts >= OTP_MAX_ATTEMPTS
        ? new AppError('OTP_EXPIRED', 400, otpMessages.exhausted)
        : new AppError('OTP_INVALID', 400, otpMessages.invalid);
    }
    if (current.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('OTP_EXPIRED', 400, otpMessages.expired);
    }
    const expected = Buffer.from(current.codeHash, 'hex');
    const given = Buffer.from(this.hash(email, purpose, code), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return current.id;

    const [counted] = await db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now}::timestamptz else null end`,
      })
      .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    if (counted && counted.attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('OTP_EXPIRED', 400, otpMessages.exhausted);
    }
    throw new AppError('OTP_INVALID', 400, otpMessages.invalid);
  }

  /**
   * Consumes a checked code inside the caller's transaction, together with what it unlocks.
   * Two requests racing with the same code: exactly one gets the row back.
   */
  async consume(tx: Executor, codeId: string): Promise<void> {
    const [consumed] = await tx
      .update(otpCodes)
      .set({ consumedAt: this.clock.now() })
      .where(
        and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)),
      )
      .returning({ id: otpCodes.id });
    if (!consumed) throw new AppError('OTP_INVALID', 400, otpMessages.invalid);
  }
}
