import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface PublicAppConfig {
  appName: string;
  telegramBotUrl: string | null;
  telegramChannelUrl: string | null;
  stats: { users: string; accuracy: string; satisfaction: string };
}

/** `</` cannot appear in the JSON, so the data block cannot close its script tag early. */
function configTag(config: PublicAppConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="app-config">${json}</script>`;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached and given
 * the runtime config, and every unknown non-API GET answered with index.html (SPA routes).
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string, config: PublicAppConfig) {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8').replace(
    '<!--app-config-->',
    configTag(config),
  );

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
          : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
