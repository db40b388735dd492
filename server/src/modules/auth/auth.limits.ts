import { TELEGRAM_LINK } from '@cashtips/contract/telegram';
import type { LimitRule } from '../../lib/rate-limiter.ts';

/**
 * Strict per account or email, loose per IP: many Nigerian mobile users share one carrier IP
 * (carrier-grade NAT), so an IP limit only stops floods, not guessing against one account.
 */
const MINUTE = 60;
const HOUR = 3600;

type Action =
  | 'login'
  | 'register'
  | 'verifyOtp'
  | 'resendOtp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'telegramLink'
  | 'twoFactor'
  | 'changePassword';

const policy: Record<Action, { perAccount: [number, number]; perIp: [number, number] }> = {
  login: { perAccount: [10, 15 * MINUTE], perIp: [300, 15 * MINUTE] },
  register: { perAccount: [10, HOUR], perIp: [100, HOUR] },
  verifyOtp: { perAccount: [20, 15 * MINUTE], perIp: [300, 15 * MINUTE] },
  resendOtp: { perAccount: [10, HOUR], perIp: [100, HOUR] },
  forgotPassword: { perAccount: [10, HOUR], perIp: [100, HOUR] },
  resetPassword: { perAccount: [20, 15 * MINUTE], perIp: [300, 15 * MINUTE] },
  // Codes typed to turn two-factor on or off, and current passwords typed to change it: a signed-in
  // guesser (a stolen session) gets few tries.
  twoFactor: { perAccount: [10, 15 * MINUTE], perIp: [300, 15 * MINUTE] },
  changePassword: { perAccount: [10, 15 * MINUTE], perIp: [300, 15 * MINUTE] },
  // Telegram link codes (PRODUCT 8): at most 5 per 15 minutes per account.
  telegramLink: {
    perAccount: [TELEGRAM_LINK.codesPerWindow, TELEGRAM_LINK.windowMinutes * MINUTE],
    perIp: [300, 15 * MINUTE],
  },
};

export const accountLimitKey = (action: Action, account: string) => `${action}:account:${account}`;

export function limitRules(action: Action, account: string, ip: string): LimitRule[] {
  const { perAccount, perIp } = policy[action];
  return [
    { key: accountLimitKey(action, account), limit: perAccount[0], windowSeconds: perAccount[1] },
    { key: `${action}:ip:${ip}`, limit: perIp[0], windowSeconds: perIp[1] },
  ];
}

export const limitFor = (action: Action) => ({
  perAccount: policy[action].perAccount[0],
  perIp: policy[action].perIp[0],
});
