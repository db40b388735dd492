import { paths } from './paths.ts';

/** Where users write to us: support, account closure, data requests, self-exclusion. */
export const SUPPORT_EMAIL = 'support@cashtips.ng';
/** The day the policies below were last changed (shown on each page). */
export const POLICIES_UPDATED = '22 November 2026';

/** The policies, in the order every footer lists them. */
export const legalLinks = [
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.responsibleGambling, label: 'Responsible Gambling' },
] as const;
