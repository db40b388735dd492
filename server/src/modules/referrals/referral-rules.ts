import type { MoneyRules } from '../../config/env.ts';

/** The referrer's share of a referred user's first deposit: the configured percentage, capped. */
export function referralBonusFor(depositKobo: bigint, rules: MoneyRules): bigint {
  const basisPoints = BigInt(Math.round(rules.referralBonusPercent * 100));
  const share = (depositKobo * basisPoints) / 10_000n;
  const cap = BigInt(rules.referralBonusCapNaira) * 100n;
  return share < cap ? share : cap;
}
