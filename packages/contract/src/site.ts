import { z } from 'zod';
import { recordWindowSchema } from './tips.ts';

/** The landing page's three marketing figures (spec part 1): admin settings, shown as typed. */
export const figuresSchema = z.object({
  users: z.string().trim().min(1, 'Enter the figure.').max(20, 'Keep it under 20 characters.'),
  accuracy: z.string().trim().min(1, 'Enter the figure.').max(20, 'Keep it under 20 characters.'),
  satisfaction: z.string().trim().min(1, 'Enter the figure.').max(20, 'Keep it under 20 characters.'),
});
export type Figures = z.infer<typeof figuresSchema>;
export const DEFAULT_FIGURES: Figures = { users: '500,000+', accuracy: '85%+', satisfaction: '98%' };

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
});
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

/** The verified record shown next to the figures: free tips won ÷ settled over 30 and 90 days. */
export const RECORD_WINDOWS = [30, 90] as const;

export const siteResponseSchema = z.object({
  success: z.literal(true),
  figures: figuresSchema,
  record: z.array(recordWindowSchema),
  community: communitySchema,
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;
