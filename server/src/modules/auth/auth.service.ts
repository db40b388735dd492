import { randomInt } from 'node:crypto';
import {
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResponse,
  messages,
  type ResendOtpInput,
  type ResetPasswordInput,
  type User,
  type VerifyOtpInput,
} from '@cashtips/contract/auth';
import type { RegisterInput } from '@cashtips/contract/register';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { carriedSelfExclusion } from '../protection/self-exclusion-carryover.ts';
import { toUserView } from '../users/user-view.ts';
import * as usersRepo from '../users/users.repository.ts';
import { sessionExpired } from './access.ts';
import { accountLimitKey, limitRules } from './auth.limits.ts';
import { type OtpMailKind, otpMail } from './auth.mail.ts';
import type { OtpPurpose, OtpService } from './otp.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  addPendingRegistration,
  allWithPassword,
  deletePendingRegistrations,
  detailsOf,
  findByPassword,
  keepAccountAsFirstRegistration,
  listPendingRegistrations,
  type RegistrationDetails,
} from './pending-registrations.ts';
import type { SessionContext, SessionsService } from './sessions.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export const authMessages = {
  otpSent: 'OTP sent to your email. It expires in 10 minutes.',
  emailTaken: 'An account with this email already exists. Please log in.',
  verified: 'Account verified successfully. You can now log in.',
  alreadyVerified: 'This email is already verified. Please log in.',
  invalidCredentials: 'Invalid email or password.',
  notVerified: 'Please verify your email before logging in. We can send you a new code.',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  forgotSent: 'If an account exists for this email, a password reset OTP has been sent to it.',
  resendSent: 'If this email is waiting for verification, a new OTP has been sent to it.',
  passwordReset: 'Password reset successfully. Please log in with your new password.',
  mailFailed: 'We could not send the email right now. Please try again in a minute.',
} as const;

// Without 0/O and 1/I so a code read aloud or from a screenshot is typed right.
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  otp: OtpService;
  sessions: SessionsService;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  logger: Logger;
  /** Closes the live sockets of sessions that were just ended. */
  onSessionsEnded: (sessionIds: string[]) => void;
  twoFactor: TwoFactorService;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Creates a pending account for a new email and mails a verification code. Every sign-up for an
   * email not yet verified is kept as its own request and changes nothing on the account: the code
   * proves the mailbox, and verification applies the request whose password the verifier gives
   * (decision 015). An already verified email is a conflict.
   */
  async register(input: RegisterInput, ip: string): Promise<void> {
    const { db, otp, clock } = this.deps;
    await this.deps.limiter.enforce(limitRules('register', input.email, ip));
    const existing = await usersRepo.findUserByEmail(db, input.email);
    if (existing?.emailVerifiedAt) throw new AppError('EMAIL_TAKEN', 409, authMessages.emailTaken);
    await otp.claimSendSlot(input.email, 'verify');

    const passwordHash = await hashPassword(input.password);
    const referredBy = input.referralCode
      ? await usersRepo.findUserByReferralCode(db, input.referralCode)
      : undefined;
    const details: RegistrationDetails = {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash,
      referredByCode: input.referralCode ?? null,
      // An unknown code (the client's default CASH-TIPS included) is kept as typed but refers no one.
      referredByUserId: referredBy?.id ?? null,
    };
    // Earlier requests with this same password came from whoever knows it: this one replaces them
    // (a corrected phone, say) instead of counting as a second, different sign-up. Checked before
    // the transaction, which should not wait on password hashing.
    const earlier = existing ? await listPendingRegistrations(db, existing.id) : [];
    const replacing = (await allWithPassword(earlier, input.password)).map((row) => row.id);
    const accountIsFirstRequest =
      existing !== undefined &&
      earlier.length === 0 &&
      !(await verifyPassword(existing.passwordHash, input.password));

    const { user, code } = await db.transaction(async (tx) => {
      let user: usersRepo.UserRow;
      if (existing) {
        const locked = await usersRepo.lockUser(tx, existing.id);
        // Verified (or gone) since it was read: this sign-up is too late.
        if (!locked || locked.emailVerifiedAt)
          throw new AppError('EMAIL_TAKEN', 409, authMessages.emailTaken);
        if (accountIsFirstRequest) await keepAccountAsFirstRegistration(tx, locked);
        user = locked;
      } else {
        user = await this.insertWithUniqueReferralCode(tx, {
          email: input.email,
          ...details,
          // A self-exclusion taken on a closed account with this e-mail still runs (decision 019).
          ...(await carriedSelfExclusion(tx, input.email, clock.now())),
        });
      }
      await addPendingRegistration(tx, user.id, details, clock.now(), replacing);
      const code = await otp.issue(tx, user.email, 'verify');
      return { user, code };
    });
    // A repeated sign-up's mail names no one: its name may be someone else's than the mailbox owner's.
    await this.mailCode(
      existing ? 'verify-again' : 'verify',
      user.email,
      existing ? null : user.firstName,
      code,
    );
  }

  private async insertWithUniqueReferralCode(
    tx: Parameters<typeof usersRepo.insertUser>[0],
    values: Omit<usersRepo.NewUser, 'referralCode'>,
  ): Promise<usersRepo.UserRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const referralCode = Array.from(
        { length: 8 },
        () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)],
      ).join('');
      if (await usersRepo.findUserByReferralCode(tx, referralCode)) continue;
      return usersRepo.insertUser(tx, { ...values, referralCode });
    }
    throw new Error('could not find a free referral code');
  }

  /** Sends the mail; if it cannot be sent, the code is voided and the cooldown given back. */
  private async mailCode(
    kind: OtpMailKind,
    email: string,
    firstName: string | null,
    code: string,
  ): Promise<void> {
    const purpose: OtpPurpose = kind === 'reset' ? 'reset' : 'verify';
    try {
      await this.deps.mailer.send(otpMail(kind, email, firstName, code, this.deps.publicUrl));
    } catch (error) {
      this.deps.logger.error(
        { err: { type: (error as Error).name, message: (error as Error).message }, mail: `otp-${purpose}` },
        'mail delivery failed',
      );
      await this.deps.otp.voidAll(this.deps.db, email, purpose);
      await this.deps.otp.releaseSendSlot(email, purpose);
      throw new AppError('UNAVAILABLE', 503, authMessages.mailFailed);
    }
  }

  /**
   * The code proves the mailbox; the password says which sign-up request to keep. Without one, the
   * only request is kept; with several, the password is required. A wrong password or a missing one
   * leaves the code usable.
   */
  async verifyEmail(input: VerifyOtpInput, ip: string): Promise<void> {
    const { db, otp, clock } = this.deps;
    await this.deps.limiter.enforce(limitRules('verifyOtp', input.email, ip));
    const user = await usersRepo.findUserByEmail(db, input.email);
    if (user?.emailVerifiedAt) throw new AppError('CONFLICT', 409, authMessages.alreadyVerified);
    // The code first: only the mailbox's owner may learn anything about the passwords.
    const codeId = await otp.check(db, input.email, 'verify', input.otp);
    const chosen = user ? await this.chooseRegistration(user, input.password) : null;
    await db.transaction(async (tx) => {
      await otp.consume(tx, codeId);
      if (!user) return;
      if (chosen) await usersRepo.updateUser(tx, user.id, chosen);
      await usersRepo.markEmailVerified(tx, user.id, clock.now());
      await deletePendingRegistrations(tx, user.id);
      await usersRepo.createWallets(tx, user.id);
    });
  }

  /** The details verification writes to the account; null keeps the account's own (made before decision 015). */
  private async chooseRegistration(
    user: usersRepo.UserRow,
    password: string | undefined,
  ): Promise<RegistrationDetails | null> {
    const pending = await listPendingRegistrations(this.deps.db, user.id);
    if (password === undefined) {
      if (pending.length > 1)
        throw invalidField('password', messages.signUpPasswordRequired, 'PASSWORD_REQUIRED', 422);
      return pending[0] ? detailsOf(pending[0]) : null;
    }
    const candidates: RegistrationDetails[] = pending.length > 0 ? pending : [user];
    const match = await findByPassword(candidates, password);
    if (!match) throw invalidField('password', messages.signUpPasswordMismatch);
    return detailsOf(match);
  }

  /** Same answer whether or not the email is pending, so it reveals no accounts. */
  async resendVerification(input: ResendOtpInput, ip: string): Promise<void> {
    const { db, otp } = this.deps;
    await this.deps.limiter.enforce(limitRules('resendOtp', input.email, ip));
    await otp.claimSendSlot(input.email, 'verify');
    const user = await usersRepo.findUserByEmail(db, input.email);
    if (!user || user.emailVerifiedAt) return;
    const code = await otp.issue(db, user.email, 'verify');
    this.mailInBackground('verify', user.email, user.firstName, code);
  }

  /**
   * For answers that must not reveal whether an account exists (forgot, resend): the mail goes
   * after the answer, so neither its delivery time nor its failure shows in the response.
   */
  private mailInBackground(kind: OtpMailKind, email: string, firstName: string, code: string): void {
    this.mailCode(kind, email, firstName, code).catch(() => {
      // mailCode has logged the failure, voided the code and given the cooldown back.
    });
  }

  async login(
    input: LoginInput,
    context: SessionContext & { ip: string },
  ): Promise<Omit<LoginResponse, 'success' | 'message'> | { challenge: string }> {
    const { db, sessions } = this.deps;
    await this.deps.limiter.enforce(limitRules('login', input.email, context.ip));
    const user = await usersRepo.findUserByEmail(db, input.email);
    const passwordMatches =
      (await verifyPassword(user?.passwordHash, input.password)) ||
      // An unverified email's password is any of its sign-ups': each of them hears "verify first".
      (user !== undefined &&
        !user.emailVerifiedAt &&
        (await findByPassword(await listPendingRegistrations(db, user.id), input.password)) !== undefined);
    if (!user || !passwordMatches)
      throw new AppError('INVALID_CREDENTIALS', 401, authMessages.invalidCredentials);
    // Only after the password matched, so this cannot be used to discover accounts.
    if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', 403, authMessages.notVerified);
    // With two-factor on, the window is given back only once a code is right too: otherwise each
    // right password would reset the count of codes guessed.
    if (user.twoFactorEnabledAt) return { challenge: await this.deps.twoFactor.startChallenge(user.id) };
    // Every attempt is counted before the password is checked (so parallel guesses cannot slip
    // past the limit); a right password gives the account's window back.
    await this.deps.limiter.release(accountLimitKey('login', input.email));
    const token = await sessions.start(db, user.id, context);
    // The row was just read; only the balances are still needed.
    return { token, user: toUserView(user, await getWalletBalances(db, user.id), this.deps.clock.now()) };
  }

  async currentUser(userId: string): Promise<User> {
    const { db } = this.deps;
    const user = await usersRepo.findUserById(db, userId);
    if (!user) throw sessionExpired();
    return toUserView(user, await getWalletBalances(db, userId), this.deps.clock.now());
  }

  async logout(sessionId: string): Promise<void> {
    await this.deps.sessions.revoke(sessionId);
    this.deps.onSessionsEnded([sessionId]);
  }

  async forgotPassword(input: ForgotPasswordInput, ip: string): Promise<void> {
    const { db, otp } = this.deps;
    await this.deps.limiter.enforce(limitRules('forgotPassword', input.email, ip));
    // The cooldown counts for unknown emails too; otherwise its absence would reveal them.
    await otp.claimSendSlot(input.email, 'reset');
    const user = await usersRepo.findUserByEmail(db, input.email);
    if (!user?.emailVerifiedAt) return;
    const code = await otp.issue(db, user.email, 'reset');
    this.mailInBackground('reset', user.email, user.firstName, code);
  }

  async resetPassword(input: ResetPasswordInput, ip: string) {
    const { db, otp, sessions } = this.deps;
    await this.deps.limiter.enforce(limitRules('resetPassword', input.email, ip));
    const user = await usersRepo.findUserByEmail(db, input.email);
    const passwordHash = await hashPassword(input.newPassword);
    const codeId = await otp.check(db, input.email, 'reset', input.otp);
    const endedSessions = await db.transaction(async (tx) => {
      await otp.consume(tx, codeId);
      if (!user) return [];
      await usersRepo.updateUser(tx, user.id, { passwordHash });
      return sessions.revokeAll(tx, user.id);
    });
    await sessions.ended(endedSessions);
    this.deps.onSessionsEnded(endedSessions);
    // Whoever reset the password owns the mailbox: a lock-out from wrong guesses ends here.
    await this.deps.limiter.release(accountLimitKey('login', input.email));
  }

  /** ADMIN_EMAIL/ADMIN_PASSWORD: create this verified admin if no account has the email. */
  async ensureAdmin(admin: { email: string; password: string }): Promise<'created' | 'exists'> {
    const { db, clock } = this.deps;
    const email = admin.email.trim().toLowerCase();
    if (await usersRepo.findUserByEmail(db, email)) return 'exists';
    const passwordHash = await hashPassword(admin.password);
    try {
      await db.transaction(async (tx) => {
        const user = await this.insertWithUniqueReferralCode(tx, {
          email,
          firstName: 'Admin',
          lastName: 'CashTips',
          phone: '2340000000000',
          passwordHash,
          role: 'admin',
          emailVerifiedAt: clock.now(),
        });
        await usersRepo.createWallets(tx, user.id);
      });
    } catch (error) {
      // Another process starting at the same moment created it first.
      if (isUniqueViolation(error)) return 'exists';
      throw error;
    }
    return 'created';
  }
}
