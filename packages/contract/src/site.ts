import { z } from 'zod';
import { recordWindowSchema } from './tips.ts';

/*
 * The landing page's figures (PRODUCT 13, "Honest figures"). Users and accuracy are measured unless an
 * admin sets them, and an admin's figure may not be above the measured one; satisfaction cannot be
 * measured, so it is hidden unless an admin sets it. null (or empty) = measured, or hidden.
 */

/** Multipliers for a number written with a suffix: '1.2k+' is 1,200, '2m' is 2,000,000. */
const SUFFIXES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6 };

/**
 * The number a typed figure claims, to compare with the measured one: '1,000+' → 1000, '70%' → 70,
 * '1.2k+' → 1200; the largest when the text holds several; null when it holds none.
 */
export function figureNumber(text: string): number | null {
  let largest: number | null = null;
  for (const match of text.matchAll(/(\d[\d,]*(?:\.\d+)?|\.\d+)\s*(k|m|thousand|million)?(?![a-z])/gi)) {
    const value =
      Number((match[1] ?? '').replace(/,/g, '')) * (SUFFIXES[(match[2] ?? '').toLowerCase()] ?? 1);
    if (Number.isFinite(value) && (largest === null || value > largest)) largest = value;
  }
  return largest;
}

/**
 * A count as the landing page shows it: rounded down to two significant figures, with a '+'
 * (7 → '7+', 57 → '57+', 1,234 → '1,200+', 56,789 → '56,000+'); null below 1.
 */
export function roundedCount(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  const whole = Math.floor(count);
  const step = 10 ** Math.max(0, String(whole).length - 2);
  const rounded = Math.floor(whole / step) * step;
  return `${String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}+`;
}

/** Words both the server (refusals) and the admin screen (hints) use. */
export const figureMessages = {
  needsNumber: { users: 'Include the number, e.g. 1,000+.', accuracy: 'Include the number, e.g. 70%.' },
  usersMeasured: (text: string) => `${text} verified accounts`,
  accuracyMeasured: (text: string) => `${text} of free tips won over the last 90 days`,
  usersNothing: 'no verified account yet',
  accuracyNothing: 'fewer than 5 free tips settled in the last 90 days',
  usersAbove: (measured: string | null) =>
    measured === null
      ? 'There is no verified account yet, so there is no users figure to show: leave it empty.'
      : `The users figure cannot be above the measured ${figureMessages.usersMeasured(measured)}: type ${measured.replace('+', '')} or less, or leave it empty to show the measured figure.`,
  accuracyAbove: (measured: string | null) =>
    measured === null
      ? 'Fewer than 5 free tips were settled in the last 90 days, so there is no accuracy to show: leave it empty.'
      : `The accuracy figure cannot be above the measured ${figureMessages.accuracyMeasured(measured)}: type ${measured} or less, or leave it empty to show the measured figure.`,
} as const;

const figureText = z.string().trim().max(20, 'Keep it under 20 characters.').nullable();
/** A figure an admin may compare with the measured one: empty, or text holding a number. */
const measuredFigureText = (key: 'users' | 'accuracy') =>
  figureText.refine((value) => !value || figureNumber(value) !== null, figureMessages.needsNumber[key]);

/** The figures as an admin set them: null (or empty) = the measured figure, or none for satisfaction. */
export const figuresSchema = z.object({
  users: measuredFigureText('users'),
  accuracy: measuredFigureText('accuracy'),
  satisfaction: figureText,
});
export type Figures = z.infer<typeof figuresSchema>;
export const FIGURE_KEYS = ['users', 'accuracy', 'satisfaction'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** What the landing page shows for each figure; null = not shown. */
export const shownFiguresSchema = z.object({
  users: z.string().nullable(),
  accuracy: z.string().nullable(),
  satisfaction: z.string().nullable(),
});
export type ShownFigures = z.infer<typeof shownFiguresSchema>;

/** For the admin: each figure as measured (null: nothing to measure, or cannot be), as shown, and why. */
export const figureReportSchema = z.object({
  measured: z.string().nullable(),
  shown: z.string().nullable(),
  /** The admin's figure is above the measured one (set before the rule, or the measure fell): not shown. */
  setAboveMeasured: z.boolean(),
});
export type FigureReport = z.infer<typeof figureReportSchema>;

const communityLink = (host: RegExp, label: string) =>
  z
    .string()
    .trim()
    .max(200)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && host.test(url.hostname);
      } catch {
        return false;
      }
    }, `Enter the ${label} link (https://…).`)
    .nullable();

export const communitySchema = z.object({
  telegram: communityLink(/^(t\.me|telegram\.me)$/, 'Telegram channel'),
  whatsapp: communityLink(
    /^(chat\.whatsapp\.com|wa\.me|whatsapp\.com|www\.whatsapp\.com)$/,
    'WhatsApp community',
  ),
});
export type Community = z.infer<typeof communitySchema>;

export const siteSettingsSchema = z.object({ figures: figuresSchema, community: communitySchema });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsUpdateSchema = z.strictObject({
  figures: z.strictObject(figuresSchema.shape).partial().optional(),
  community: z.strictObject(communitySchema.shape).partial().optional(),
});
export type SiteSettingsUpdate = z.input<typeof siteSettingsUpdateSchema>;
export const siteSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: siteSettingsSchema,
  figures: z.object({
    users: figureReportSchema,
    accuracy: figureReportSchema,
    satisfaction: figureReportSchema,
  }),
});
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

/** The verified record shown next to the figures: free tips won ÷ settled over 30 and 90 days. */
export const RECORD_WINDOWS = [30, 90] as const;

export const siteResponseSchema = z.object({
  success: z.literal(true),
  /** What the landing page shows: measured, or an admin's figure no higher; null = hidden. */
  figures: shownFiguresSchema,
  record: z.array(recordWindowSchema),
  community: communitySchema,
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;
