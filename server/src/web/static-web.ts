import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketRecord } from '@cashtips/contract/predictions';
import { SESSION_HINT_COOKIE } from '@cashtips/contract/session-hint';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assemblePage, jsonScript, loadPageBundle, PageCache, type RenderedHtml } from './page-renderer.ts';
import { chunkFiles, independentChunks, readBuildManifest, renderedPageFrame } from './page-scripts.ts';

export interface PublicAppConfig {
  appName: string;
  telegramBotUrl: string | null;
  telegramChannelUrl: string | null;
  whatsappUrl: string | null;
  /** The landing figures (PRODUCT 13): measured, or an admin's no higher; null = not shown. */
  stats: { users: string | null; accuracy: string | null; satisfaction: string | null };
  /** The verified record of free tips over the last 30 and 90 days, in words (null before any result). */
  recordLine: string | null;
  /** Today's free tips for the landing page's preview card (public anyway). */
  freeTips: {
    teams: string;
    league: string;
    time: string;
    prediction: string;
    totalOdds: number;
    /** Demo content (PRODUCT 15): the preview badges it. */
    demo: boolean;
  }[];
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

/** How long the public config (and the plain index.html built from it) is reused; a change made by this process rebuilds it at once. */
const INDEX_TTL_MS = 10_000;

/** `</` cannot appear in the JSON, so the data block cannot close its script tag early. */
function configTag(config: PublicAppConfig): string {
  return jsonScript('app-config', config);
}

/** The browser tells the server it holds a session (contract `session-hint.ts`). */
const sessionHint = new RegExp(`(?:^|;)\\s*${SESSION_HINT_COOKIE}=1\\s*(?:;|$)`);

export interface PublicPages {
  /** The public pages' paths (PRODUCT 14), each given a route of its own. */
  paths: readonly string[];
  /** Whether a visitor's page at this path is rendered on the server (PRODUCT 14). */
  isPublicPage(pathname: string): boolean;
  /** The web app's route modules (`src/app/…` in web/) that the page at this path renders. */
  routeModules(pathname: string): readonly string[];
  /**
   * The pages whose form is sent to the page's own address (method post, so that its fields stay out of
   * the address) when the browser runs no script at all; with scripts, the app or the page's start
   * script sends it (decision 018).
   */
  formPaths: readonly string[];
  /** The address a page is rendered and cached under: its path and the query parameters it reads. */
  renderedUrl(pathname: string, search: URLSearchParams): string;
  /** The page's `<title>`, description, canonical link and sharing tags. */
  head(pathname: string): Promise<string>;
}

/**
 * Serves the built web app: hashed assets cached for a year; the public pages (PRODUCT 14) rendered on
 * the server for visitors (decision 018); every other page, and any page for a browser holding a
 * session, as index.html with the runtime config, never cached by the browser.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  distDir: string,
  config: { read: () => Promise<PublicAppConfig>; onChange: (listener: () => void) => void },
  pages?: PublicPages,
) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const bundle = pages ? await loadPageBundle(distDir) : undefined;
  const manifest = bundle ? readBuildManifest(distDir) : undefined;
  const early = manifest ? independentChunks(manifest) : [];
  // Rendered pages need both the renderer and the manifest of the same build; without either, the shell.
  const frame =
    bundle && manifest
      ? renderedPageFrame(template, (href) => readFileSync(path.join(distDir, href), 'utf8'))
      : undefined;
  if (bundle && !manifest) {
    app.log.warn(
      `${distDir} has a page renderer but no build manifest (.vite/manifest.json): public pages are sent as the app shell; run npm run build`,
    );
  }
  const rendered = new PageCache();
  let publicConfig: { at: number; value: Promise<PublicAppConfig> } | undefined;
  let built: { at: number; html: Promise<string> } | undefined;
  config.onChange(() => {
    publicConfig = undefined;
    built = undefined;
    rendered.clear();
  });
  const readConfig = (): Promise<PublicAppConfig> => {
    if (!publicConfig || Date.now() - publicConfig.at > INDEX_TTL_MS) {
      const value = config.read();
      // A failed read (database down) is not kept: the next page view tries again.
      value.catch(() => {
        publicConfig = undefined;
      });
      publicConfig = { at: Date.now(), value };
    }
    return publicConfig.value;
  };
  const indexHtml = (): Promise<string> => {
    if (!built || Date.now() - built.at > INDEX_TTL_MS) {
      const html = readConfig().then((value) => template.replace('<!--app-config-->', configTag(value)));
      html.catch(() => {
        built = undefined;
      });
      built = { at: Date.now(), html };
    }
    return built.html;
  };

  // The page's data comes from the server's own routes, answered in-process as to a visitor's browser
  // (no session): whatever the API masks for a visitor is masked in the HTML the same way.
  const fetchApi = async (url: string, init: RequestInit): Promise<Response> => {
    if ((init.method ?? 'GET') !== 'GET' || !url.startsWith('/api/')) {
      throw new Error(`a page rendered on the server may only read the API, not ${init.method} ${url}`);
    }
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers,
    });
  };

  const renderedPage = (pathname: string, search: URLSearchParams) => {
    if (!pages || !bundle || !manifest || !frame) return Promise.resolve(null);
    const url = pages.renderedUrl(pathname, search);
    return rendered.get(url, async () => {
      const appConfig = await readConfig();
      const [page, head] = await Promise.all([
        bundle.renderPage({ url, appConfig: { ...appConfig }, fetchApi }),
        pages.head(pathname),
      ]);
      return {
        html: assemblePage(frame.html, {
          head,
          configTag: configTag(appConfig),
          root: page.html,
          state: page.state,
          // The entry, the chunks it imports, then the page's route chunks.
          scripts: {
            entry: frame.entry,
            preload: [
              ...new Set([...frame.preload, ...chunkFiles(manifest, pages.routeModules(pathname))]),
            ].filter((file) => file !== frame.entry),
            early,
          },
        }),
        complete: page.complete,
      };
    });
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

  const sendIndex = async (reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await indexHtml());

  /** A page of the app: rendered for a visitor when it is public, else (or if rendering fails) the shell. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const signedIn = sessionHint.test(request.headers.cookie ?? '');
    reply.header('Vary', 'Cookie, Accept-Encoding');
    if (signedIn || !pages?.isPublicPage(url.pathname)) return sendIndex(reply);
    let page: RenderedHtml | null = null;
    try {
      page = await renderedPage(url.pathname, url.searchParams);
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering failed; sending the app shell');
    }
    if (!page) return sendIndex(reply);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // Compressed once per render, not per request: the compression hook leaves an encoded answer alone.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  // Each public page has a route of its own: left to the static files' wildcard, every visit would
  // first be looked for as a file (@fastify/static lists the folder and tries the .br, .gz and plain
  // names) before falling through to the not-found handler, most of a cached page's cost (decision 018).
  for (const pagePath of pages?.paths ?? []) app.get(pagePath, { schema: { hide: true } }, sendPage);
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  // Such a form, sent with scripts off, was answered 404: the visitor is sent back to the page, whose
  // notice says that it needs scripts on. Its fields (a password) are read by nobody.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'buffer' },
      (_request, _body, done) => done(null, null),
    );
    for (const formPath of pages?.formPaths ?? [])
      forms.post(formPath, { schema: { hide: true } }, (_request, reply) => reply.redirect(formPath, 303));
  });
  return { sendIndex, sendPage };
}
