import { z } from 'zod';
import { supportedCurrencies } from './plain/currency.ts';

export * from './plain/currency.ts';

export const ratesResponseSchema = z.object({
  success: z.literal(true),
  base: z.literal('NGN'),
  rates: z.object({ NGN: z.literal(1), USD: z.number(), GBP: z.number(), EUR: z.number() }),
  /** When the rates were fetched; null for the built-in rates, which were never fetched. */
  updatedAt: z.string().nullable(),
  /** `fallback` when the rate service could not be reached and built-in rates are used. */
  source: z.enum(['live', 'fallback']),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

export const geoResponseSchema = z.object({
  success: z.literal(true),
  /** ISO 3166 alpha-2, lower-case as the phone picker expects; null when unknown. */
  countryCode: z.string().nullable(),
  /** The visitor's local currency when it is one we support, else null. */
  currency: z.enum(supportedCurrencies).nullable(),
});
export type GeoResponse = z.infer<typeof geoResponseSchema>;
