import { rawAppConfig, text } from '../../config/app-config.ts';

export interface LandingFreeTip {
  teams: string;
  league: string;
  time: string;
  prediction: string;
  totalOdds: number;
}

/*
 * The landing page's own part of the injected config, read here so that it weighs on the landing
 * chunk only, never on the entry every screen loads.
 */

/** The verified record of free tips over 30 and 90 days, written out by the server from settled results. */
export const recordLine = (): string | null => text(rawAppConfig().recordLine, '') || null;

/** Today's free tips for the preview; written by our own server, so only a list with teams is kept. */
export function landingFreeTips(): LandingFreeTip[] {
  const tips = rawAppConfig().freeTips;
  return Array.isArray(tips)
    ? tips.filter((tip): tip is LandingFreeTip => typeof tip?.teams === 'string')
    : [];
}
