import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['embedded', 'postgres']),
  migrations: z.enum(['applied', 'pending']),
});
