import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { NEEDS_SCRIPTS_NOTICE } from '@cashtips/contract/plain/early-submit';
import { SESSION_HINT_COOKIE } from '@cashtips/contract/session-hint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../test/content.ts';
import { publicPageHeadings } from '../../test/public-page-headings.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../test/test-app.ts';
import { serverRoot } from '../bootstrap.ts';
import { START_SCRIPT, START_SCRIPT_CSP_SOURCE } from './page-scripts.ts';
import { formPagePaths, publicPagePaths, routeModules } from './public-pages.ts';

/*
 * The public pages as a visitor's browser and a search engine get them (PRODUCT 14): the web app's own
 * server renderer, built here from web/src, rendering through the server's routes.
 */

const webRoot = path.join(serverRoot, '..', 'web');
let t: TestApp;
let webDir: string;
let adminToken: string;

/** A build manifest naming a chunk (`assets/<module>-test.js`) for each route module a public page renders. */
function writeBuildManifest(dist: string) {
  const manifest: Record<string, { file: string; imports: string[] }> = {};
  for (const module of publicPagePaths.flatMap((pagePath) => routeModules(pagePath))) {
    manifest[module] = { file: `assets/${path.basename(module, '.tsx')}-test.js`, imports: [] };
  }
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

/**
 * Builds web/src/entry-server.tsx into `<dir>/dist-server`, beside a dist/ holding the real index.html and
 * a build manifest naming a chunk for each route module a public page renders (the browser's own build is
 * not needed here: e2e/server-rendering.e2e.test.ts loads the real one).
 */
function buildRenderer(dir: string): string {
  const dist = path.join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'));
  writeBuildManifest(dist);
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(dir, 'dist-server'),
      '--emptyOutDir',
    ],
    // The test runner's NODE_ENV=test would make Vite compile JSX for React's development build.
    { cwd: webRoot, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return dist;
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-ssr-'));
  t = await buildTestApp(adminEnv, { webDistDir: buildRenderer(webDir) });
  adminToken = (await loginAdmin(t)).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return { html: response.body, headers: response.headers };
}

/** The markup inside #root, without the data block after it. */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root"'), html.indexOf('id="server-state"'));

describe('public pages rendered on the server', () => {
  it('answers every public page with its content in the HTML, marked for hydration', async () => {
    expect(Object.keys(publicPageHeadings).sort()).toEqual([...publicPagePaths].sort());
    for (const [url, heading] of Object.entries(publicPageHeadings)) {
      const { html, headers } = await page(url);
      expect(html, url).toContain('<div id="root" data-server-rendered>');
      const h1 = rootOf(html).match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
      expect(h1?.replace(/<[^>]+>/g, ''), url).toBe(heading);
      // One inline script, the one that loads the app once the page is painted, allowed by its hash.
      const inline = [
        ...html.matchAll(/<script(?![^>]*(type="application\/json"|src=))[^>]*>([\s\S]*?)<\/script>/g),
      ];
      expect(
        inline.map((match) => match[2]),
        url,
      ).toEqual([START_SCRIPT]);
      expect(headers['content-security-policy'], url).toContain(
        `script-src 'self' ${START_SCRIPT_CSP_SOURCE};`,
      );
      // It loads the entry and the page's own route chunks, with nothing left in the head to fetch early.
      const scripts = JSON.parse(
        html.slice(
          html.indexOf('>', html.indexOf('id="page-scripts"')) + 1,
          html.indexOf('</script>', html.indexOf('id="page-scripts"')),
        ),
      ) as { entry: string; preload: string[] };
      expect(scripts.entry, url).toBe('/src/main.tsx');
      for (const module of routeModules(url)) {
        expect(scripts.preload, url).toContain(`/assets/${path.basename(module, '.tsx')}-test.js`);
      }
      expect(html, url).not.toMatch(/<script[^>]*\ssrc=|<link rel="modulepreload"/);
      expect(headers.vary).toMatch(/Cookie/);
      expect(headers['cache-control']).toBe('no-cache');
    }
  });

  it('holds the data it was rendered from, so the browser does not fetch it again', async () => {
    const names = teams('Handover');
    await contentFor(t, adminToken).freeTip({
      teamA: names.home,
      teamB: names.away,
      prediction: 'Over 1.5 goals',
      inHours: 3,
    });
    const { html } = await page('/free');
    expect(rootOf(html)).toContain(names.home);
    const state = JSON.parse(
      html.slice(
        html.indexOf('>', html.indexOf('id="server-state"')) + 1,
        html.indexOf('</script>', html.indexOf('id="server-state"')),
      ),
    ) as { renderedAt: number; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(state.renderedAt).toBeGreaterThan(0);
    const free = state.queries.queries.find((query) => JSON.stringify(query.queryKey).includes('free'));
    expect(JSON.stringify(free?.state.data)).toContain(names.home);
  });

  it('never holds a code a visitor has not bought, on any page, bought by someone else or not', async () => {
    const content = contentFor(t, adminToken);
    const names = teams('Locked');
    const bookingCode = `LOCKED${Date.now().toString(36).toUpperCase()}`;
    const id = await content.code(
      [{ teamA: names.home, teamB: names.away, prediction: 'Home win', inHours: 5 }],
      {
        bookingCode,
        moneyBack: true,
      },
    );
    const buyer = await signUpAndLogin(t);
    await devDeposit(t, buyer.token, 2000);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/booking-codes/purchase/${id}`,
      headers: bearer(buyer.token),
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.body).toContain(bookingCode);

    for (const url of [...publicPagePaths, '/booking-codes?moneyBack=1']) {
      const { html } = await page(url);
      expect(html, url).not.toContain(bookingCode);
    }
    // The code itself is on the list, masked.
    const list = rootOf((await page('/booking-codes')).html);
    expect(list).toContain(names.home);
    expect(rootOf((await page('/booking-codes?moneyBack=1')).html)).toContain(names.home);
    // Compressed answers are the same HTML.
    const br = await t.app.inject({
      method: 'GET',
      url: '/booking-codes',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).not.toContain(bookingCode);
  });

  it('shows a change in the next HTML: a new code, an edit, a settled free tip', async () => {
    const content = contentFor(t, adminToken);
    const first = teams('Fresh');
    const before = (await page('/booking-codes')).html;
    expect(before).not.toContain(first.home);
    const id = await content.code([{ teamA: first.home, teamB: first.away, prediction: 'Draw', inHours: 6 }]);
    expect(rootOf((await page('/booking-codes')).html)).toContain(first.home);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/booking-codes/${id}`,
      headers: bearer(adminToken),
      payload: { totalOdds: 7.77 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(rootOf((await page('/booking-codes')).html)).toContain('7.77');

    const tipTeams = teams('Settled');
    await content.freeTip({
      teamA: tipTeams.home,
      teamB: tipTeams.away,
      prediction: 'Home win',
      inHours: -3,
    });
    expect(rootOf((await page('/free')).html)).toContain(tipTeams.home);
    const matchId = await content.matchOf(tipTeams.home);
    const result = await content.recordResult(matchId, { homeGoals: 2, awayGoals: 0 });
    expect(result.statusCode, result.body).toBe(200);
    expect(rootOf((await page('/past-tips')).html)).toContain(tipTeams.home);
  });

  it('shows the landing figures measured or set no higher, never the old 500,000+, satisfaction once set', async () => {
    await signUpAndLogin(t);
    // Past the minute verified accounts are counted for; an admin's change clears the rendered pages.
    t.clock.advance(61_000);
    const setFigures = (satisfaction: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(adminToken),
        payload: { figures: { satisfaction } },
      });
    /** The landing's figures as rendered: [label, figure] in order. */
    const renderedFigures = async () => {
      const html = rootOf((await page('/')).html);
      for (const old of ['500,000', '85%+', '98%']) expect(html).not.toContain(old);
      const numbers = /aria-labelledby="numbers-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      return [...numbers.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((match) => [
        match[1],
        match[2],
      ]);
    };
    expect((await setFigures('9 in 10')).statusCode).toBe(200);
    const { figures } = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(figures.users).toMatch(/^\d+\+$/);
    const expected = [
      ['Users', figures.users],
      ...(figures.accuracy ? [['Tip accuracy', figures.accuracy]] : []),
      ['Satisfaction', '9 in 10'],
    ];
    expect(await renderedFigures()).toEqual(expected);
    expect((await setFigures(null)).statusCode).toBe(200);
    expect(await renderedFigures()).toEqual(expected.slice(0, -1));
  });

  it('says on /live, with no football data provider, that live scores are off and results come after the match', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/matches/live' });
    expect(api.json()).toMatchObject({ success: true, liveScores: false });
    const { html } = await page('/live');
    const root = rootOf(html);
    expect(root).toContain('Live scores are off: each result is added after the match.');
    expect(root).not.toContain('as they happen');
    expect(html).toContain('kickoffs in Lagos time; results are added after each match.');
    expect(html).not.toContain('as they happen');
  });

  it('renders a page once for many requests, and ignores query parameters the page does not read', async () => {
    // The code list's filter is one page whatever else the address holds; only moneyBack=1 turns it on.
    const filtered = (await page('/booking-codes?moneyBack=1')).html;
    expect((await page('/booking-codes?moneyBack=1&ref=X')).html).toBe(filtered);
    expect((await page('/booking-codes?moneyBack=yes')).html).toBe((await page('/booking-codes')).html);
    const first = (await page('/terms?ref=ABC123')).html;
    const again = await Promise.all([page('/terms'), page('/terms?utm_source=x'), page('/terms')]);
    // The render time is in the page: the same one means the same rendering.
    for (const { html } of again) expect(html).toBe(first);
  });

  it('sends the compressed page the browser asks for', async () => {
    const plain = (await page('/privacy')).html;
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(gzip.rawPayload.length).toBeLessThan(30 * 1024);
  });

  it('answers each public page from a route of its own, not after looking for a file of that name', () => {
    // Under the static files' wildcard a cached page cost a folder listing and three failed file
    // lookups per request: most of its server time (the pages-throughput benchmark).
    for (const url of publicPagePaths) expect(t.app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });

  it('sends a form posted with scripts off back to its page, which says that it needs them', async () => {
    for (const url of formPagePaths) {
      const posted = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=ada%40example.com&password=secret-words',
      });
      expect(posted.statusCode, url).toBe(303);
      expect(posted.headers.location, url).toBe(url);
      const { html } = await page(url);
      expect(html, url).toContain(
        `<noscript><p class="mt-3 text-center text-sm text-amber-300">${NEEDS_SCRIPTS_NOTICE}`,
      );
    }
  });

  it('sends a browser holding a session the app shell, and signed-in pages the shell', async () => {
    for (const url of ['/booking-codes', '/']) {
      const { html } = await page(url, { cookie: `theme=dark; ${SESSION_HINT_COOKIE}=1` });
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('data-server-rendered');
    }
    for (const url of ['/dashboard', '/wallet', '/booking-codes/abc', '/admin']) {
      const { html } = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
    }
  });
});

describe('a renderer that fails, or a build without its manifest', () => {
  const apps: TestApp[] = [];
  let dir: string;
  /** A web build whose renderer counts its calls and throws, with or without the build manifest. */
  async function brokenBuild(name: string, withManifest: boolean, logStream?: NodeJS.WritableStream) {
    const dist = path.join(dir, name, 'dist');
    mkdirSync(dist, { recursive: true });
    mkdirSync(path.join(dir, name, 'dist-server'));
    copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'));
    if (withManifest) writeBuildManifest(dist);
    writeFileSync(
      path.join(dir, name, 'dist-server', 'entry-server.js'),
      'export let calls = 0;\nexport async function renderPage() { calls += 1; throw new Error("render failed"); }\n',
    );
    const app = await buildTestApp({ LOG_LEVEL: 'warn' }, { webDistDir: dist, logStream });
    apps.push(app);
    const renderer = (await import(
      pathToFileURL(path.join(dir, name, 'dist-server', 'entry-server.js')).href
    )) as { calls: number };
    return { ...app, renderCalls: () => renderer.calls };
  }
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cashtips-ssr-broken-'));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const isShell = (body: string) => {
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('id="app-config"');
  };

  it('a failing render is answered with the app shell, which renders in the browser', async () => {
    const broken = await brokenBuild('throws', true);
    const response = await broken.app.inject({ method: 'GET', url: '/booking-codes' });
    expect(response.statusCode).toBe(200);
    isShell(response.body);
    expect(broken.renderCalls()).toBe(1);
  });

  it('without the build manifest the renderer is not used, and the log says why', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await brokenBuild('no-manifest', false, logStream);
    const response = await app.app.inject({ method: 'GET', url: '/booking-codes' });
    expect(response.statusCode).toBe(200);
    isShell(response.body);
    expect(lines.join('')).toContain('no build manifest');
    expect(app.renderCalls()).toBe(0);
  });
});
