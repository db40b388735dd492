import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketRecord } from '@cashtips/contract/predictions';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface PublicAppConfig {
  appName: string;
  telegramBotUrl: string | null;
  telegramChannelUrl: string | null;
  whatsappUrl: string | null;
  stats: { users: string; accuracy: string; satisfaction: string };
  /** The verified record of free tips over the last 30 and 90 days, in words (null before any result). */
  recordLine: string | null;
  /** Today's free tips for the landing page's preview card (public anyway). */
  freeTips: { teams: string; league: string; time: string; prediction: string; totalOdds: number }[];
  /**
   * The landing page's AI-versus-human figures (issue 16): settled free tips picked by the model and
   * by admins, the model's running RPS against the base rates on finished matches, and its picks at
   * the market's prices; null until any of the first two exists.
   */
  modelRecord: {
    model: { won: number; lost: number; successRate: number | null };
    human: { won: number; lost: number; successRate: number | null };
    rps: number | null;
    baselineRps: number | null;
    matches: number;
    /** The same model picks at the market's prices (contract `MarketRecord`). */
    market: MarketRecord;
    /** `market` in one sentence for the page to show as it is; null until a priced pick is settled. */
    marketLine: string | null;
  } | null;
}

/** How long a built index.html is reused; a change made by this process rebuilds it at once. */
const INDEX_TTL_MS = 10_000;

/** `</` cannot appear in the JSON, so the data block cannot close its script tag early. */
function configTag(config: PublicAppConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="app-config">${json}</script>`;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached and given
 * the runtime config, and every unknown non-API GET answered with index.html (SPA routes).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  config: { read: () => Promise<PublicAppConfig>; onChange: (listener: () => void) => void },
) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  let built: { at: number; html: Promise<string> } | undefined;
  config.onChange(() => {
    built = undefined;
  });
  const indexHtml = (): Promise<string> => {
    if (!built || Date.now() - built.at > INDEX_TTL_MS) {
      const html = config.read().then((value) => template.replace('<!--app-config-->', configTag(value)));
      // A failed read (database down) is not kept: the next page view tries again.
      html.catch(() => {
        built = undefined;
      });
      built = { at: Date.now(), html };
    }
    return built.html;
  };

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    // The web build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.header(
        'Cache-Control',
        relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : // The push worker must be checked on every registration, or a fixed one reaches nobody.
            relative === 'push-sw.js'
            ? 'no-cache'
            : 'public, max-age=3600',
      );
      // A worker at the root may control the whole site.
      if (relative === 'push-sw.js') reply.header('Service-Worker-Allowed', '/');
    },
  });

  const sendIndex = async (reply: import('fastify').FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await indexHtml());

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
