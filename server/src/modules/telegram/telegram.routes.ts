import { timingSafeEqual } from 'node:crypto';
import {
  telegramLinkCodeRequestSchema,
  telegramLinkCodeResponseSchema,
  telegramMessages,
  telegramPreferencesRequestSchema,
  telegramUserResponseSchema,
} from '@cashtips/contract/telegram';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/http.ts';
import { currentSession } from '../auth/access.ts';
import type { TelegramLinksService } from './telegram-links.service.ts';

const tags = ['telegram'];
const security = [{ bearer: [] }];

/** Telegram's update as far as the route needs to know; the bot reads the rest. */
const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

export const WEBHOOK_PATH = '/api/telegram/webhook';
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerTelegramRoutes(
  app: FastifyInstance,
  deps: {
    links: TelegramLinksService;
    /** Webhook mode: the secret Telegram sends, and what handles an update. */
    webhook?: { secret: string; handle: (update: { update_id: number }) => Promise<void> };
  },
): void {
  const { links } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/telegram/generate-link-code',
    {
      schema: {
        tags,
        summary: 'A single-use code (15 minutes) and the t.me deep link that sends it to the bot',
        security,
        body: telegramLinkCodeRequestSchema,
        response: { 200: telegramLinkCodeResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { userId } = currentSession(request);
      const code = await links.generateCode(userId, request.body.telegramIdentifier, request.ip);
      return { success: true as const, message: telegramMessages.codeGenerated, ...code };
    },
  );

  routes.delete(
    '/api/auth/telegram/link',
    {
      schema: {
        tags,
        summary: 'Unlink the Telegram account',
        security,
        response: { 200: telegramUserResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, wasLinked } = await links.unlink(currentSession(request).userId);
      return {
        success: true as const,
        message: wasLinked ? telegramMessages.unlinked : telegramMessages.notLinked,
        user,
      };
    },
  );

  routes.patch(
    '/api/auth/telegram/preferences',
    {
      schema: {
        tags,
        summary: 'Turn Telegram alerts (personal notifications as messages) on or off',
        security,
        body: telegramPreferencesRequestSchema,
        response: { 200: telegramUserResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const on = request.body.telegramNotifications;
      const user = await links.setAlerts(currentSession(request).userId, on);
      return {
        success: true as const,
        message: on ? telegramMessages.alertsOn : telegramMessages.alertsOff,
        user,
      };
    },
  );

  const webhook = deps.webhook;
  if (!webhook) return;
  // Before the body is even parsed: only Telegram, which knows the secret, may post updates.
  const checkSecret = async (request: FastifyRequest) => {
    const given = request.headers[SECRET_HEADER];
    if (typeof given !== 'string' || !given) {
      throw new AppError('UNAUTHENTICATED', 401, 'The Telegram secret token is missing.');
    }
    if (!sameSecret(given, webhook.secret)) throw forbidden('The Telegram secret token is wrong.');
  };
  routes.post(
    WEBHOOK_PATH,
    {
      onRequest: checkSecret,
      schema: {
        tags,
        summary: 'Updates from Telegram (webhook mode), with the secret token header',
        // The secret token header, not a session, says who sent it.
        security: [],
        body: updateSchema,
        response: {
          200: z.object({ success: z.literal(true) }),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request) => {
      // A failing update is logged by the handler; answering an error would only make Telegram
      // send it again and again.
      await webhook.handle(request.body);
      return { success: true as const };
    },
  );
}
