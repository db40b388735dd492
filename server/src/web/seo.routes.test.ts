import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../web/src/config/paths.ts';
import { screenPaths } from '../../../web/src/config/screen-paths.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { isPublicPage, pageHead, publicPagePaths } from './public-pages.ts';
import { crawlerDisallowed, registerSeoRoutes } from './seo.routes.ts';

const SITE = 'https://cashtips.example';
const facts = { codesOnSaleToday: 3, freeTipsToday: 2, lagosDay: 'Friday 27 November', liveScores: true };
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  // As config gives it or not: with a trailing slash, the answers still hold one.
  registerSeoRoutes(app, { siteUrl: `${SITE}/` });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

/** Google's reading of our robots.txt (one group, prefixes only): the longest matching rule wins. */
function crawlable(robots: string, pathname: string): boolean {
  const rules = [...robots.matchAll(/^(Allow|Disallow): (.*)$/gm)].map(([, kind, prefix = '']) => ({
    allow: kind === 'Allow',
    prefix,
  }));
  const matching = rules.filter((rule) => pathname.startsWith(rule.prefix));
  const longest = matching.sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return longest?.allow ?? true;
}

describe('/robots.txt', () => {
  it('is plain text, cached for an hour, names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap\\.xml$`, 'm'));
    expect((await app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('lets crawlers read every public page and keeps them out of the API, the admin area and signed-in screens', async () => {
    const robots = (await app.inject({ method: 'GET', url: '/robots.txt' })).body;
    for (const page of publicPagePaths) expect(crawlable(robots, page), page).toBe(true);
    expect(crawlable(robots, '/booking-codes?sort=price')).toBe(true);
    // Every screen of the web app that is not a public page, and the pages under those with an id.
    const screens = [...Object.values(paths), ...Object.values(screenPaths)]
      .filter((page) => !isPublicPage(page))
      // '/booking' alone is no screen: only a purchased code's '/booking/:id' is (it prefixes /booking-codes).
      .map((page) => (page === paths.booking ? `${page}/0b7c` : page));
    expect(screens).toContain('/dashboard');
    const others = ['/api/tips', '/api/admin/users', '/admin/users', '/booking-codes/0b7c'];
    for (const page of [...screens, ...others, '/subscribe/0b7c', '/payments/return?reference=x']) {
      expect(crawlable(robots, page), page).toBe(false);
    }
    // Each rule is a screen of the app (or the API): a typo would keep a crawler out of nothing.
    for (const prefix of crawlerDisallowed) {
      expect(
        [...screens, ...others].some((page) => page.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });
});

describe('/sitemap.xml', () => {
  it('is a sitemaps.org urlset of the indexable public pages, each at its canonical address', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // The whole document, tag by tag: the declaration, the namespace, one url element per page.
    const url =
      / {2}<url><loc>[^<>&"']+<\/loc><changefreq>(always|hourly|daily|weekly|monthly|yearly|never)<\/changefreq><\/url>\n/;
    expect(response.body).toMatch(
      new RegExp(
        `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n(${url.source})+</urlset>\\n$`,
      ),
    );
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc = '']) => loc);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/free`);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) {
      expect(loc.startsWith(`${SITE}/`), loc).toBe(true);
      const page = loc.slice(SITE.length);
      expect(isPublicPage(page), loc).toBe(true);
      const head = pageHead(page, facts, SITE);
      expect(head, loc).toContain(`<link rel="canonical" href="${loc}">`);
      expect(head, loc).not.toContain('noindex');
    }
    // Every public page that search engines should list is there.
    const indexable = publicPagePaths.filter((page) => {
      const head = pageHead(page, facts, SITE);
      return !head.includes('noindex') && head.includes(`<link rel="canonical" href="${SITE}${page}">`);
    });
    expect(locs.map((loc) => loc.slice(SITE.length)).sort()).toEqual([...indexable].sort());
  });

  it('escapes the site address', async () => {
    const odd = Fastify();
    registerSeoRoutes(odd, { siteUrl: 'https://cashtips.example/a&b' });
    const body = (await odd.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    await odd.close();
    expect(body).toContain('<loc>https://cashtips.example/a&#38;b/free</loc>');
    expect(body).not.toContain('a&b');
  });
});

describe('in the app', () => {
  let webDir: string;
  let served: TestApp;
  let apiOnly: TestApp;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-web-'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head></html>',
    );
    served = await buildTestApp({ PUBLIC_URL: 'https://tips.example.ng' }, { webDistDir: webDir });
    apiOnly = await buildTestApp({ PUBLIC_URL: 'https://tips.example.ng' });
  });
  afterAll(async () => {
    await served?.close();
    await apiOnly?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers both for the configured public address where the web app is served, and only there', async () => {
    const robots = await served.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://tips.example.ng/sitemap.xml');
    const sitemap = await served.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>https://tips.example.ng/booking-codes</loc>');
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      expect((await apiOnly.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
