import { type Raw, rawAppConfig, text } from '../../config/app-config.ts';

export interface LandingFreeTip {
  teams: string;
  league: string;
  time: string;
  prediction: string;
  totalOdds: number;
  /** Demo content (PRODUCT 15); absent in a config written before it was sent. */
  demo?: boolean;
}

/*
 * The landing page's own part of the injected config, read here so that it weighs on the landing
 * chunk only, never on the entry every screen loads.
 */

/** One of the landing page's figures, as the server measured it or an admin set it no higher. */
export interface LandingFigure {
  label: string;
  value: string;
}

/**
 * The figures the server sent (PRODUCT 13): users and accuracy measured unless an admin set them,
 * satisfaction only when set; a figure it left out or sent as null is not shown (nothing is invented here).
 */
export function landingFigures(): LandingFigure[] {
  const stats: Raw = Object(rawAppConfig().stats);
  return [
    { label: 'Users', value: text(stats.users, '') },
    { label: 'Tip accuracy', value: text(stats.accuracy, '') },
    { label: 'Satisfaction', value: text(stats.satisfaction, '') },
  ].filter((figure) => figure.value);
}

/** The verified record of free tips over 30 and 90 days, written out by the server from settled results. */
export const recordLine = (): string | null => text(rawAppConfig().recordLine, '') || null;

/** Today's free tips for the preview; written by our own server, so only a list with teams is kept. */
export function landingFreeTips(): LandingFreeTip[] {
  const tips = rawAppConfig().freeTips;
  return Array.isArray(tips)
    ? tips.filter((tip): tip is LandingFreeTip => typeof tip?.teams === 'string')
    : [];
}

export interface PickRecord {
  won: number;
  lost: number;
  /** Percent; null until enough are settled. */
  successRate: number | null;
}

export interface ModelRecord {
  model: PickRecord;
  human: PickRecord;
  rps: number | null;
  baselineRps: number | null;
  matches: number;
  /**
   * The model's settled picks at the market's prices in one sentence, written by the server so the page
   * carries no code for the figures; read through `text` (it is not checked here).
   */
  marketLine?: unknown;
}

/** Each of `keys` of `value` is a finite number (or null where `nullable`). */
const numbers = (value: unknown, keys: string[], nullable: string[] = []) => {
  const raw: Raw = Object(value);
  return keys.every((key) => Number.isFinite(raw[key]) || (nullable.includes(key) && raw[key] === null));
};

/**
 * Settled free tips picked by the model and by our tipsters, and the model's running RPS against the base
 * rates, as the server measured them; null before any, or when the config does not have that shape.
 */
export function modelRecord(): ModelRecord | null {
  const record: Raw = Object(rawAppConfig().modelRecord);
  const pick = ['won', 'lost', 'successRate'];
  return numbers(record.model, pick, ['successRate']) &&
    numbers(record.human, pick, ['successRate']) &&
    numbers(record, ['matches', 'rps', 'baselineRps'], ['rps', 'baselineRps'])
    ? (record as Raw & ModelRecord)
    : null;
}
