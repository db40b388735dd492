import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  accountMessages,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MAX_WRONG_CODES,
} from '@cashtips/contract/account';
import type { User } from '@cashtips/contract/auth';
import { payoutMessages } from '@cashtips/contract/payouts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../db/client.ts';
import { loginChallenges, twoFactorRecoveryCodes, users } from '../../db/schema/index.ts';
import { AppError, rateLimited } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { toUserView } from '../users/user-view.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { sessionExpired } from './access.ts';
import { accountLimitKey, limitRules } from './auth.limits.ts';
import { verifyPassword } from './passwords.ts';
import type { SecretBox } from './secret-box.ts';
import type { SessionContext, SessionsService } from './sessions.service.ts';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.ts';

const ISSUER = 'CashTips';
// Without 0/o, 1/l/i so a code copied by hand is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const wrongCode = () => new AppError('TWO_FACTOR_INVALID', 400, accountMessages.wrongCode);
const challengeExpired = () => new AppError('CHALLENGE_EXPIRED', 400, accountMessages.challengeExpired);

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/-/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('base64url');
const hashChallenge = (token: string) =>
  createHash('sha256').update(`challenge:${token}`).digest('base64url');

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface TwoFactorDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  sessions: SessionsService;
  secrets: SecretBox;
  realtime: Realtime;
}

/** This user's recovery code `code`, not used yet. */
const unusedRecoveryCode = (userId: string, code: string) =>
  and(
    eq(twoFactorRecoveryCodes.userId, userId),
    eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
    isNull(twoFactorRecoveryCodes.usedAt),
  );

/**
 * Two-factor sign-in (PRODUCT 9): TOTP enrolment confirmed by a code, 10 single-use recovery codes,
 * and the login challenge that stands between a right password and a session.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  private async userOrFail(userId: string): Promise<UserRow> {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw sessionExpired();
    return user;
  }

  async setup(userId: string) {
    const { db, secrets } = this.deps;
    const user = await this.userOrFail(userId);
    if (user.twoFactorEnabledAt) throw new AppError('CONFLICT', 409, accountMessages.twoFactorAlreadyOn);
    const secret = newTotpSecret();
    await db
      .update(users)
      .set({ twoFactorPendingSecret: secrets.seal(secret), updatedAt: this.deps.clock.now() })
      .where(eq(users.id, userId));
    const url = otpauthUrl(secret, ISSUER, user.email);
    // Drawn here, so the secret inside the QR code never goes to a third-party image service.
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauthUrl: url,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      message: accountMessages.twoFactorStarted,
    };
  }

  async enable(userId: string, code: string, ip: string): Promise<string[]> {
    const { db, clock, secrets } = this.deps;
    await this.deps.limiter.enforce(limitRules('twoFactor', userId, ip));
    const user = await this.userOrFail(userId);
    if (user.twoFactorEnabledAt) throw new AppError('CONFLICT', 409, accountMessages.twoFactorAlreadyOn);
    const pending = user.twoFactorPendingSecret ? secrets.open(user.twoFactorPendingSecret) : undefined;
    if (!pending || !user.twoFactorPendingSecret)
      throw new AppError('BUSINESS_RULE', 422, accountMessages.twoFactorNoSetup);
    const now = clock.now();
    const step = matchingStep(pending, code, now, null);
    if (step === undefined) throw wrongCode();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const activity = await db.transaction(async (tx) => {
      // Only the set-up that was confirmed: a second set-up started meanwhile leaves this one void.
      const [row] = await tx
        .update(users)
        .set({
          twoFactorSecret: user.twoFactorPendingSecret,
          twoFactorPendingSecret: null,
          twoFactorEnabledAt: now,
          twoFactorLastStep: step,
          updatedAt: now,
        })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.twoFactorEnabledAt),
            eq(users.twoFactorPendingSecret, user.twoFactorPendingSecret ?? ''),
          ),
        )
        .returning({ id: users.id });
      if (!row) throw new AppError('BUSINESS_RULE', 422, accountMessages.twoFactorNoSetup);
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx
        .insert(twoFactorRecoveryCodes)
        .values(
          recoveryCodes.map((recovery) => ({ userId, codeHash: hashRecoveryCode(recovery), createdAt: now })),
        );
      return addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'green',
        title: 'Two-factor sign-in turned on',
        description: 'Sign-in now asks for a code from your authenticator app.',
      });
    });
    announceActivity(this.deps.realtime, userId, activity);
    return recoveryCodes;
  }

  async disable(userId: string, password: string, code: string, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    await this.deps.limiter.enforce(limitRules('twoFactor', userId, ip));
    const user = await this.userOrFail(userId);
    if (!user.twoFactorEnabledAt) throw new AppError('BUSINESS_RULE', 422, accountMessages.twoFactorNotOn);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError('INVALID_CREDENTIALS', 400, accountMessages.wrongPassword, {
        errors: [{ field: 'password', message: accountMessages.wrongPassword }],
      });
    const now = clock.now();
    const activity = await db.transaction(async (tx) => {
      if (!(await this.useSecondFactor(tx, user, code, now))) throw wrongCode();
      const [row] = await tx
        .update(users)
        .set({
          twoFactorSecret: null,
          twoFactorPendingSecret: null,
          twoFactorEnabledAt: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!row) throw new Error(`user ${userId} vanished`);
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      return addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'amber',
        title: 'Two-factor sign-in turned off',
        description: 'Sign-in asks for your password only.',
      });
    });
    announceActivity(this.deps.realtime, userId, activity);
  }

  /**
   * Proves it is the account's owner before money can be sent somewhere new (PRODUCT 11): the
   * password, and the second factor when two-factor sign-in is on (a stolen session alone cannot
   * redirect a withdrawal). Counted against the same limit as turning two-factor off.
   */
  async confirmIdentity(
    userId: string,
    password: string,
    code: string | undefined,
    ip: string,
  ): Promise<void> {
    const user = await this.confirmPassword(userId, password, ip);
    await this.confirmSecondFactor(user, code);
  }

  /**
   * The first half of `confirmIdentity`, for an action that checks its own rules between the two
   * (closing an account refuses with 422 before a one-time code is spent on it).
   */
  async confirmPassword(userId: string, password: string, ip: string): Promise<UserRow> {
    await this.deps.limiter.enforce(limitRules('twoFactor', userId, ip));
    const user = await this.userOrFail(userId);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError('INVALID_CREDENTIALS', 400, payoutMessages.wrongPassword, {
        errors: [{ field: 'password', message: payoutMessages.wrongPassword }],
      });
    return user;
  }

  /** The second half of `confirmIdentity`: the code is spent when two-factor sign-in is on. */
  async confirmSecondFactor(user: UserRow, code: string | undefined): Promise<void> {
    await this.requireSecondFactor(user, code, (given, at) =>
      this.useSecondFactor(this.deps.db, user, given, at),
    );
  }

  /**
   * `confirmSecondFactor` without spending the code, for a first step that checks what a later call
   * will send again (closing an account checks the code before its confirmation, the closing spends it).
   */
  async checkSecondFactor(user: UserRow, code: string | undefined): Promise<void> {
    await this.requireSecondFactor(user, code, (given, at) => this.isSecondFactor(user, given, at));
  }

  /** When two-factor sign-in is on: 400 without a code, or with one `accepts` refuses. */
  private async requireSecondFactor(
    user: UserRow,
    code: string | undefined,
    accepts: (code: string, at: Date) => Promise<boolean>,
  ): Promise<void> {
    if (!user.twoFactorEnabledAt) return;
    if (!code)
      throw new AppError('TWO_FACTOR_INVALID', 400, payoutMessages.codeRequired, {
        errors: [{ field: 'code', message: payoutMessages.codeRequired }],
      });
    if (!(await accepts(code, this.deps.clock.now())))
      throw new AppError('TWO_FACTOR_INVALID', 400, payoutMessages.wrongCode, {
        errors: [{ field: 'code', message: payoutMessages.wrongCode }],
      });
  }

  /** The time step a TOTP of this user's matches at `at`, if it is one not used yet. */
  private totpStep(user: UserRow, code: string, at: Date): number | undefined {
    const secret = user.twoFactorSecret ? this.deps.secrets.open(user.twoFactorSecret) : undefined;
    return secret === undefined ? undefined : matchingStep(secret, code, at, user.twoFactorLastStep);
  }

  /** Whether `code` is a TOTP not used yet or an unused recovery code of this user; spends nothing. */
  private async isSecondFactor(user: UserRow, code: string, at: Date): Promise<boolean> {
    if (/^\d{6}$/.test(code)) return this.totpStep(user, code, at) !== undefined;
    const [unused] = await this.deps.db
      .select({ id: twoFactorRecoveryCodes.id })
      .from(twoFactorRecoveryCodes)
      .where(unusedRecoveryCode(user.id, code));
    return unused !== undefined;
  }

  /**
   * A TOTP (each time step once) or an unused recovery code of this user, spent inside `db`'s
   * transaction; false when it is neither.
   */
  private async useSecondFactor(db: Executor, user: UserRow, code: string, at: Date): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const step = this.totpStep(user, code, at);
      if (step === undefined) return false;
      // Atomic: two requests racing with the same code cannot both be the first to use its step.
      const [accepted] = await db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(
          and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))),
        )
        .returning({ id: users.id });
      return accepted !== undefined;
    }
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: at })
      .where(unusedRecoveryCode(user.id, code))
      .returning({ id: twoFactorRecoveryCodes.id });
    return used !== undefined;
  }

  /** After a right password on an account with two-factor on: what the browser shows the code to. */
  async startChallenge(userId: string): Promise<string> {
    const now = this.deps.clock.now();
    const token = randomBytes(32).toString('base64url');
    await this.deps.db.insert(loginChallenges).values({
      userId,
      tokenHash: hashChallenge(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
    });
    return token;
  }

  /**
   * The second step of login: a right code ends the challenge and starts a session. Each code
   * counts against the account's login limit too, and a challenge allows only a few wrong ones.
   */
  async completeChallenge(
    challenge: string,
    code: string,
    context: SessionContext & { ip: string },
  ): Promise<{ token: string; user: User }> {
    const { db, clock, limiter, sessions } = this.deps;
    const now = clock.now();
    const tooManyCodes = (expiresAt: Date) =>
      rateLimited(
        Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
        accountMessages.tooManyCodes,
      );
    // The attempt is counted before the code is checked, so parallel guesses are counted too.
    const [attempt] = await db
      .update(loginChallenges)
      .set({ codesTried: sql`${loginChallenges.codesTried} + 1` })
      .where(
        and(
          eq(loginChallenges.tokenHash, hashChallenge(challenge)),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .returning();
    if (!attempt) throw challengeExpired();
    if (attempt.codesTried > TWO_FACTOR_MAX_WRONG_CODES) throw tooManyCodes(attempt.expiresAt);
    const user = await findUserById(db, attempt.userId);
    if (!user?.twoFactorEnabledAt) throw challengeExpired();
    await limiter.enforce(limitRules('login', user.email, context.ip));

    const token = await db.transaction(async (tx) => {
      if (!(await this.useSecondFactor(tx, user, code, now))) return undefined;
      const [claimed] = await tx
        .update(loginChallenges)
        .set({ usedAt: now })
        .where(and(eq(loginChallenges.id, attempt.id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      // Thrown, not returned, so the code just spent is given back with the rollback.
      if (!claimed) throw challengeExpired();
      return sessions.start(tx, user.id, context);
    });
    if (token === undefined) {
      if (attempt.codesTried >= TWO_FACTOR_MAX_WRONG_CODES) throw tooManyCodes(attempt.expiresAt);
      throw wrongCode();
    }
    await limiter.release(accountLimitKey('login', user.email));
    return { token, user: toUserView(user, await getWalletBalances(db, user.id), this.deps.clock.now()) };
  }
}
