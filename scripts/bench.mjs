// `npm run bench [-- SECTION...] [-- --build]`: measures the built product and prints a table; the
// same figures go to .tmp/bench.json. Sections (run all when none is named):
//   startup  server start to first 200 from /api/health (fresh, then existing data folder), idle RSS
//   landing  gzip size of the JS the landing page loads in Chromium, largest JS chunk in web/dist
//   pages    every public page as a visitor in Chromium: its JS (gzip, files) and HTML (gzip); fails
//            the run when one loads a signed-in or admin chunk, the landing page's JS passes 90 kB or
//            a page's HTML 30 kB; the signed-in dashboard's first paint for comparison
//   codes    public code list vs a bare route (50 connections); purchases by distinct users: the most
//            50 connections get through, and the latency of 500 purchases/s offered over 50 connections
//   pages-throughput  GET /booking-codes as server-rendered HTML (gzip/br, no cookie) vs GET
//            /api/booking-codes, 50 connections on PostgreSQL, with the server's CPU per request; each
//            public page's render with an empty cache (in-process, API answers replayed), compression
//   lighthouse  Lighthouse 12's mobile performance audit (simulated slow 4G, CPU x4) of the public
//            pages on the embedded database with the demo content: LCP and score, median of 3 for /,
//            /booking-codes, /free, /login, one run for the others (installs lighthouse@12 into
//            .tmp/lighthouse on first use; needs /usr/bin/chromium)
//   rollover subscriptions by distinct users offered at 500/s over 50 connections (slot limits exact);
//            GET /api/rollover/today for subscribed users vs a bare route (50 connections)
//   results  one match result settling 10,000 bought codes and rollover tips over HTTP; GET /api/tips/past
//            vs a bare route (50 connections)
//   money    ledger debits/s (distinct wallets, one hot wallet) and webhook confirmations/s on PostgreSQL
//   notifications  20 admin broadcasts to 5,000 Socket.IO clients in another process (request to
//            receipt); one broadcast's web push fan-out to 5,000 subscriptions on a local fake push
//            service; GET /api/booking-codes at 500/s meanwhile and at rest
//   dashboard GET /api/users/dashboard-stats for buyers with 1,000 purchases each among 100,000 on
//            PostgreSQL (50 connections)
//   dashboard-lcp  the dashboard's Largest Contentful Paint, signed in, on a throttled phone profile
//            (slow 4G, CPU x4), median of 3 cold loads
//   payouts  1,000 users' first withdrawals over HTTP on PostgreSQL through the local payments fake:
//            requests, admin approvals, the transfer jobs, signed transfer.success webhooks (each
//            read back from the fake); then their second withdrawals offered at 100/s; all paid once
//   telegram 1,000 personal notifications to linked users relayed to a local fake Bot API: rate
//            against TELEGRAM_MAX_PER_SECOND (25), none lost or sent twice
//   football the provider's poller against a local API-Football fake (polling every second): a
//            score change reaching 5,000 Socket.IO clients in another process (the fake's answer
//            to receipt), one final whistle settling 10,000 items, the server's CPU with 200
//            matches in play (per round, share at the default 60 s interval and at 1 s)
//   predict-fit   one Premier League Dixon-Coles fit on ~1,200 matches, cold and warm-started
//   predict-walk  a season's walk-forward evaluation (Premier League and Championship 2023-24)
//   predictions   a fit by its job (POST /api/admin/predictions/fit), then one match's cached
//            prediction, GET /api/admin/predictions/matches/:id at 50 connections vs a bare route
// Uses the existing web/dist and server/dist, building whichever is missing (--build rebuilds both).
// To add a benchmark, append { name, title, run(ctx) } to `sections`; run() returns
// { rows: [{ label, value, goal?, ok?, budget? }], data } (rows for the table, data for the JSON) or
// { skipped: reason }; a row with budget: true that is not ok fails the run (exit 1). ctx.dataDir() is
// a data folder shared by the run (fresh for the first server), ctx.postgres() a throwaway PostgreSQL 15
// ({ url }, stopped at the end); startServer({ dataDir, env }) starts the built server (pass
// env: { DATABASE_URL } to run it on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startThrowawayPostgres } from './lib/postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverMain = path.join(root, 'server/dist/main.js');
const webDist = path.join(root, 'web/dist');
const outFile = path.join(root, '.tmp/bench.json');

const STARTUP_GOAL_MS = 2000; // existing data folder
const LANDING_JS_GOAL_BYTES = 90_000; // 90 kB gzip
const HEALTH_POLL_MS = 20;
const IDLE_BEFORE_RSS_MS = 3000;

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes) => `${(bytes / 1_000_000).toFixed(0)} MB`;
const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Temp folders and server processes to clean up, also on Ctrl-C. */
const cleanups = new Set();
function tempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  cleanups.add(cleanup);
  return dir;
}
function cleanUpAll() {
  // Newest first: servers are killed before their data folders go.
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup();
    } catch {}
  }
  cleanups.clear();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUpAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET without keep-alive; resolves with the status code, rejects on connection errors. */
function getStatus(url, timeoutMs = 1000) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) * 1024;
  return { rssBytes: field('VmRSS'), peakRssBytes: field('VmHWM') };
}

/**
 * Starts `node server/dist/main.js` on a free port and waits for the first 200 from /api/health,
 * polling every 20 ms. Returns { url, pid, readyMs, stop() }; stop() sends SIGTERM and waits.
 */
async function startServer({ dataDir, env = {}, timeoutMs = 60_000 }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    ...env,
  });

  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  const kill = () => {
    if (!exit) child.kill('SIGKILL');
  };
  cleanups.add(kill);

  const stop = async () => {
    const stopping = performance.now();
    if (!exit) child.kill('SIGTERM');
    const result = await Promise.race([exited, sleep(15_000).then(() => null)]);
    cleanups.delete(kill);
    if (!result) {
      kill();
      throw new Error(`the server did not exit within 15 s of SIGTERM\n${output}`);
    }
    return { ...result, stopMs: performance.now() - stopping, output };
  };

  for (;;) {
    if (exit)
      throw new Error(`the server exited (${exit.code ?? exit.signal}) before it was healthy:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      await stop().catch(() => {});
      throw new Error(`the server was not healthy after ${timeoutMs / 1000} s:\n${output}`);
    }
    const status = await getStatus(`${url}/api/health`).catch(() => 0);
    if (status === 200) break;
    await sleep(HEALTH_POLL_MS);
  }
  return { url, pid: child.pid, readyMs: performance.now() - started, stop, output: () => output };
}

/** Builds whatever the benchmarks need and is missing (or everything with --build). */
function ensureBuilt(force) {
  const targets = [
    ['web', path.join(webDist, 'index.html')],
    ['server', serverMain],
  ];
  for (const [workspace, file] of targets) {
    if (!force && existsSync(file)) continue;
    console.log(`Building ${workspace}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) console.error(`npm run build -w ${workspace} failed (exit ${result.status})`);
  }
  if (!existsSync(serverMain)) throw new Error('server/dist/main.js is missing and could not be built');
}

// ---------------------------------------------------------------------------------------------
// Sections

async function startupSection(ctx) {
  const dataDir = ctx.dataDir();
  const runs = [];
  for (let index = 0; index < 4; index++) {
    const folder = index === 0 ? 'fresh' : 'existing';
    const server = await startServer({ dataDir });
    await sleep(IDLE_BEFORE_RSS_MS);
    const memory = memoryOf(server.pid);
    const stopped = await server.stop();
    runs.push({
      folder,
      readyMs: Math.round(server.readyMs),
      ...memory,
      stopMs: Math.round(stopped.stopMs),
      exitCode: stopped.code,
    });
    if (stopped.code !== 0)
      console.warn(`warning: the server exited with ${stopped.code ?? stopped.signal} after SIGTERM`);
  }
  const fresh = runs[0];
  const existing = runs.slice(1);
  const existingMedianMs = Math.round(median(existing.map((run) => run.readyMs)));
  const idleRssBytes = median(existing.map((run) => run.rssBytes));
  return {
    rows: [
      { label: 'start to healthy, fresh data folder', value: seconds(fresh.readyMs) },
      {
        label: 'start to healthy, existing folder (median of 3)',
        value: seconds(existingMedianMs),
        goal: `< ${seconds(STARTUP_GOAL_MS)}`,
        ok: existingMedianMs < STARTUP_GOAL_MS,
      },
      {
        label: '  each run',
        value: `${existing.map((run) => (run.readyMs / 1000).toFixed(2)).join(', ')} s`,
      },
      { label: 'RSS idle 3 s after healthy, existing folder', value: megabytes(idleRssBytes) },
      { label: 'RSS idle 3 s after healthy, fresh folder', value: megabytes(fresh.rssBytes) },
      {
        label: 'peak RSS, fresh / existing folder',
        value: `${megabytes(fresh.peakRssBytes)} / ${megabytes(median(existing.map((run) => run.peakRssBytes)))}`,
      },
      { label: 'SIGTERM to exit (median)', value: seconds(median(runs.map((run) => run.stopMs))) },
    ],
    data: {
      freshReadyMs: fresh.readyMs,
      existingReadyMsMedian: existingMedianMs,
      existingReadyMs: existing.map((run) => run.readyMs),
      goalExistingReadyMs: STARTUP_GOAL_MS,
      idleRssBytes,
      freshIdleRssBytes: fresh.rssBytes,
      runs,
    },
  };
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const playwright = () => createRequire(path.join(root, 'e2e/package.json'))('playwright-core');

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox, no outside network). */
function launchChromium(profile, options = {}) {
  return playwright().chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/**
 * Opens `url` in `page` and answers what it loaded once the network fell quiet: each JavaScript file
 * with its gzip size (read from web/dist, compressed at level 9 like the other figures here), how many
 * of them were requested before the page's first heading showed (its first paint), the HTML document's
 * gzip size, and any request to another origin.
 */
async function pageLoad(page, url) {
  const origin = new URL(url).origin;
  const scripts = new Map();
  const requestedScripts = new Set();
  const outsideRequests = [];
  let document;
  const onRequest = (req) => {
    const address = new URL(req.url());
    if (address.protocol.startsWith('http') && address.origin !== origin) outsideRequests.push(req.url());
    if (req.resourceType() === 'script') requestedScripts.add(req.url());
  };
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (type === 'script') scripts.set(response.url(), response);
    if (type === 'document' && response.request().frame() === page.mainFrame()) document = response;
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  let networkIdle = true;
  let beforeHeading = null;
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page
      .locator('h1')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => {
        beforeHeading = requestedScripts.size;
      })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {
      networkIdle = false;
    });
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }

  const files = [];
  for (const [scriptUrl, response] of scripts) {
    const { origin: scriptOrigin, pathname } = new URL(scriptUrl);
    const file = path.join(webDist, decodeURIComponent(pathname));
    let bytes;
    let source = 'web/dist';
    if (scriptOrigin === origin && file.startsWith(webDist + path.sep) && existsSync(file)) {
      bytes = readFileSync(file);
    } else {
      bytes = await response.body().catch(() => Buffer.alloc(0));
      source = 'response';
    }
    files.push({
      url: scriptOrigin === origin ? pathname : scriptUrl,
      source,
      bytes: bytes.length,
      gzipBytes: gzipSize(bytes),
    });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const html = document ? await document.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
  return {
    path: new URL(page.url()).pathname,
    scripts: files,
    jsGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    scriptsBeforeHeading: beforeHeading,
    html: { status: document?.status() ?? 0, bytes: html.length, gzipBytes: gzipSize(html) },
    outsideRequests,
    networkIdle,
  };
}

const files = (count) => `${count} file${count === 1 ? '' : 's'}`;

async function landingSection(ctx) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    return { skipped: 'web/dist is missing (npm run build -w web failed?)' };
  }
  const server = await startServer({ dataDir: ctx.dataDir() });
  const profile = tempDir('cashtips-bench-chromium-');
  const context = await launchChromium(profile);
  let load;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    load = await pageLoad(page, `${server.url}/`);
  } finally {
    await context.close();
    await server.stop();
  }
  const { scripts, jsGzipBytes: totalGzip, outsideRequests, networkIdle } = load;

  const assetsDir = path.join(webDist, 'assets');
  const chunks = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((name) => name.endsWith('.js'))
        .map((name) => {
          const bytes = readFileSync(path.join(assetsDir, name));
          return { name, bytes: bytes.length, gzipBytes: gzipSize(bytes) };
        })
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
    : [];
  const largest = chunks[0];

  return {
    rows: [
      {
        label: `landing page JS, gzip (${files(scripts.length)})`,
        value: kilobytes(totalGzip),
        goal: `<= ${kilobytes(LANDING_JS_GOAL_BYTES)}`,
        ok: totalGzip <= LANDING_JS_GOAL_BYTES,
        budget: true,
      },
      ...scripts.map((file) => ({ label: `  ${file.url}`, value: kilobytes(file.gzipBytes) })),
      {
        label: `largest JS chunk in web/dist (of ${chunks.length})`,
        value: largest ? `${kilobytes(largest.gzipBytes)}  ${largest.name}` : 'none',
      },
      {
        label: 'requests to other origins',
        value: String(outsideRequests.length),
        goal: '0',
        ok: outsideRequests.length === 0,
      },
      ...(networkIdle ? [] : [{ label: 'note: the network never went idle (15 s)', value: '' }]),
    ],
    data: {
      landingJsGzipBytes: totalGzip,
      goalLandingJsGzipBytes: LANDING_JS_GOAL_BYTES,
      scripts,
      largestChunk: largest ?? null,
      chunks,
      outsideRequests,
      networkIdle,
    },
  };
}

// The public pages (PRODUCT 14): what a visitor can open without an account, and what search engines see.
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/booking-codes',
  '/free',
  '/free-tips',
  '/past-tips',
  '/live',
  '/terms',
  '/privacy',
  '/responsible-gambling',
];
const PAGE_HTML_GOAL_BYTES = 30_000; // 30 kB gzip, server-rendered markup included
// Chunks no visitor should download (decision 003): the signed-in first paint and the admin area.
const SIGNED_IN_CHUNK = /^\/assets\/(signed-in|admin)[^/]*\.js$/;

/**
 * Every public page as a first-time visitor (a fresh browser context each: nothing cached, no
 * session): its JavaScript (gzip, files) and HTML (gzip); budgets: the landing page's 90 kB, the
 * HTML's 30 kB, and no signed-in or admin chunk on any of them. Then the signed-in dashboard's first
 * paint (issue 15: few files), for comparison.
 */
async function pagesSection(ctx) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    return { skipped: 'web/dist is missing (npm run build -w web failed?)' };
  }
  const email = 'pages.bench@example.com';
  const password = 'B3nch!Password';
  const server = await startServer({
    dataDir: ctx.dataDir(),
    env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
  });
  const browser = await playwright().chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const loads = [];
  let dashboard;
  try {
    for (const pagePath of PUBLIC_PAGES) {
      const context = await browser.newContext();
      try {
        loads.push(await pageLoad(await context.newPage(), `${server.url}${pagePath}`));
      } finally {
        await context.close();
      }
    }
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const session = await login.json();
    const context = await browser.newContext();
    try {
      await context.addInitScript(({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      }, session);
      dashboard = await pageLoad(await context.newPage(), `${server.url}/dashboard`);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const pages = loads.map((load, index) => {
    const requested = PUBLIC_PAGES[index];
    const signedInChunks = load.scripts.map((file) => file.url).filter((url) => SIGNED_IN_CHUNK.test(url));
    return { requested, ...load, signedInChunks };
  });
  const width = Math.max(...PUBLIC_PAGES.map((pagePath) => pagePath.length));
  const rows = [];
  for (const load of pages) {
    const landing = load.requested === '/';
    const moved = load.path !== load.requested ? ` (ended on ${load.path})` : '';
    rows.push({
      label: `${load.requested.padEnd(width)}  JS (${files(load.scripts.length)}) / HTML, gzip${moved}`,
      value: `${kilobytes(load.jsGzipBytes)} / ${kilobytes(load.html.gzipBytes)}`,
      goal: `${landing ? `JS <= ${kilobytes(LANDING_JS_GOAL_BYTES)}, ` : ''}HTML < ${kilobytes(PAGE_HTML_GOAL_BYTES)}, no signed-in/admin chunk`,
      ok:
        (!landing || load.jsGzipBytes <= LANDING_JS_GOAL_BYTES) &&
        load.html.status === 200 &&
        load.html.gzipBytes < PAGE_HTML_GOAL_BYTES &&
        load.signedInChunks.length === 0 &&
        // The screen itself, not an error or a redirect, which would load less.
        load.scriptsBeforeHeading !== null &&
        load.path === load.requested,
      budget: true,
    });
    for (const url of load.signedInChunks) rows.push({ label: `  loads ${url}`, value: '' });
  }
  rows.push({
    label: `signed in, ${dashboard.path} JS, gzip (${files(dashboard.scripts.length)}; ${dashboard.scriptsBeforeHeading ?? 'no heading, none'} before its heading)`,
    value: kilobytes(dashboard.jsGzipBytes),
  });
  if (dashboard.path !== '/dashboard') throw new Error(`the signed-in dashboard ended on ${dashboard.path}`);
  const quiet = [...pages, dashboard].filter((load) => !load.networkIdle).map((load) => load.path);
  if (quiet.length)
    rows.push({ label: `note: the network never went idle (15 s): ${quiet.join(' ')}`, value: '' });
  return {
    rows,
    data: {
      goalLandingJsGzipBytes: LANDING_JS_GOAL_BYTES,
      goalPageHtmlGzipBytes: PAGE_HTML_GOAL_BYTES,
      pages: pages.map(({ requested, path: ended, outsideRequests, networkIdle, ...load }) => ({
        path: requested,
        ended,
        ...load,
      })),
      dashboard: {
        jsGzipBytes: dashboard.jsGzipBytes,
        scriptsBeforeHeading: dashboard.scriptsBeforeHeading,
        scripts: dashboard.scripts,
      },
    },
  };
}

const DEBITS_GOAL_PER_SECOND = 1000;
const DEBITS_GOAL_P99_MS = 50;

/** Ledger debits and webhook confirmations on a real PostgreSQL (server/bench/money.bench.ts). */
async function moneySection(ctx) {
  const postgres = await ctx.postgres();
  const run = spawnSync('npx', ['tsx', 'server/bench/money.bench.ts', postgres.url], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`money bench failed: ${run.stderr || run.stdout}`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
  const rate = (phase) =>
    `${Math.round(phase.perSecond)}/s  p50 ${phase.p50Ms.toFixed(1)} ms  p99 ${phase.p99Ms.toFixed(1)} ms`;
  return {
    rows: [
      {
        label: `debits on ${result.distinct.operations} distinct-wallet purchases (${result.concurrency} in flight)`,
        value: rate(result.distinct),
        goal: `>= ${DEBITS_GOAL_PER_SECOND}/s, p99 < ${DEBITS_GOAL_P99_MS} ms`,
        ok: result.distinct.perSecond >= DEBITS_GOAL_PER_SECOND && result.distinct.p99Ms < DEBITS_GOAL_P99_MS,
      },
      { label: `debits on one hot wallet (${result.hot.operations}, half refused)`, value: rate(result.hot) },
      {
        label: `Paystack webhook confirmations over HTTP (${result.webhooks.operations})`,
        value: rate(result.webhooks),
      },
      {
        label: 'anomalies (ledger invariants, unexpected outcomes)',
        value: String(result.anomalies),
        goal: '0',
        ok: result.anomalies === 0,
      },
    ],
    data: result,
  };
}

const LIST_GOAL_SHARE_OF_BARE = 0.5;
const LIST_GOAL_P99_MS = 25;
const PURCHASES_GOAL_PER_SECOND = 500;
const PURCHASES_GOAL_P99_MS = 50;

/**
 * Builds the server, then runs server/bench/<name>.bench.ts with tsx against the throwaway
 * PostgreSQL (extra arguments after its URL) and answers the JSON line it printed last.
 */
async function runServerBench(ctx, name, extraArgs = []) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  const postgres = await ctx.postgres();
  const run = spawnSync('npx', ['tsx', `server/bench/${name}.bench.ts`, postgres.url, ...extraArgs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`${name} bench failed: ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

/** The public code list against a bare route, and purchases (server/bench/codes.bench.ts). */
async function codesSection(ctx) {
  // The section runs server/dist/main.js: build it from the current source first (esbuild, ~3 s).
  const result = await runServerBench(ctx, 'codes');
  const rps = (value) =>
    `${Math.round(value.requestsPerSecond)}/s  p50 ${value.p50Ms} ms  p99 ${value.p99Ms} ms`;
  const share = result.list.requestsPerSecond / result.bare.requestsPerSecond;
  const purchaseFigures = (phase) =>
    `${Math.round(phase.perSecond)}/s  p50 ${Math.round(phase.p50Ms)} ms  p99 ${Math.round(phase.p99Ms)} ms`;
  return {
    rows: [
      {
        label: `GET /api/booking-codes (${result.codes} codes, page of 20, ${result.connections} connections)`,
        value: rps(result.list),
        goal: `p99 < ${LIST_GOAL_P99_MS} ms`,
        ok: result.list.p99Ms < LIST_GOAL_P99_MS && result.list.non2xx + result.list.errors === 0,
      },
      { label: 'bare Fastify route, same JSON from memory', value: rps(result.bare) },
      {
        label: 'list throughput / bare throughput',
        value: `${(share * 100).toFixed(0)}%`,
        goal: `>= ${LIST_GOAL_SHARE_OF_BARE * 100}%`,
        ok: share >= LIST_GOAL_SHARE_OF_BARE,
      },
      {
        label: `purchases, closed loop: ${result.connections} connections, ${result.purchases.capacity.count} distinct users (after ${result.purchases.warmup.count} to warm up)`,
        value: purchaseFigures(result.purchases.capacity),
        goal: `>= ${PURCHASES_GOAL_PER_SECOND}/s`,
        ok: result.purchases.capacity.perSecond >= PURCHASES_GOAL_PER_SECOND,
      },
      {
        label: `purchases offered at ${result.purchases.paced.offeredPerSecond}/s over ${result.connections} connections, ${result.purchases.paced.requests} distinct users`,
        value: `${purchaseFigures({ ...result.purchases.paced, perSecond: result.purchases.paced.achievedPerSecond })}  max ${Math.round(result.purchases.paced.maxMs)} ms`,
        goal: `p99 < ${PURCHASES_GOAL_P99_MS} ms`,
        ok:
          result.purchases.paced.offeredPerSecond >= PURCHASES_GOAL_PER_SECOND &&
          result.purchases.paced.p99Ms < PURCHASES_GOAL_P99_MS,
      },
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const PAGE_GOAL_SHARE_OF_LIST = 0.5;
const PAGE_GOAL_P99_MS = 25;

/**
 * The server-rendered code list against the JSON list, both as a visitor's browser asks for them, and
 * each public page's render with an empty cache (server/bench/pages-throughput.bench.ts).
 */
async function pagesThroughputSection(ctx) {
  const result = await runServerBench(ctx, 'pages-throughput');
  const { page, list, listIdentity } = result;
  const rps = (value) =>
    `${Math.round(value.requestsPerSecond)}/s  p50 ${value.p50Ms} ms  p99 ${value.p99Ms} ms  server CPU ${value.serverCpuMsPerRequest.toFixed(2)} ms/request`;
  const share = page.requestsPerSecond / list.requestsPerSecond;
  const shareOfIdentity = page.requestsPerSecond / listIdentity.requestsPerSecond;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const width = Math.max(...result.renders.map((render) => render.path.length));
  return {
    rows: [
      {
        label: `GET /booking-codes as HTML (${result.codes} codes, no cookie, accept-encoding: ${result.acceptEncoding}; ${result.connections} connections)`,
        value: rps(page),
        goal: `p99 < ${PAGE_GOAL_P99_MS} ms`,
        ok: page.p99Ms < PAGE_GOAL_P99_MS && page.non2xx + page.errors === 0,
      },
      {
        label: '  its HTML: as sent (gzip) / uncompressed',
        value: `${kilobytes(page.gzipBytes)} / ${kilobytes(page.htmlBytes)}`,
      },
      { label: 'GET /api/booking-codes, the same headers', value: rps(list) },
      { label: 'GET /api/booking-codes uncompressed (as the codes section)', value: rps(listIdentity) },
      {
        label: 'HTML throughput / JSON list throughput (same headers; uncompressed JSON)',
        value: `${(share * 100).toFixed(0)}%  (${(shareOfIdentity * 100).toFixed(0)}%)`,
        goal: `>= ${PAGE_GOAL_SHARE_OF_LIST * 100}%`,
        ok: share >= PAGE_GOAL_SHARE_OF_LIST,
      },
      {
        label: `a render with the cache empty (median of ${result.renderRuns}; in-process, API answers from memory): render + gzip/br, CPU per page, HTML gzip`,
        value: '',
      },
      ...result.renders.map((render) => ({
        label: `  ${render.path.padEnd(width)}  ${render.apiRequests.length} API request${render.apiRequests.length === 1 ? '' : 's'}`,
        value: `${ms(render.renderMs)} + ${ms(render.compressMs)}, CPU ${ms(render.cpuMsPerPage)}, ${kilobytes(render.gzipBytes)}`,
      })),
      {
        label: 'errors and non-2xx answers',
        value: String(result.anomalies),
        goal: '0',
        ok: result.anomalies === 0,
      },
    ],
    data: result,
  };
}

const SUBSCRIBE_GOAL_PER_SECOND = 500;
const SUBSCRIBE_GOAL_P99_MS = 50;
const TODAY_GOAL_SHARE_OF_BARE = 0.5;
const TODAY_GOAL_P99_MS = 25;

/** Subscriptions and today's tips on PostgreSQL (server/bench/rollover.bench.ts). */
async function rolloverSection(ctx) {
  const result = await runServerBench(ctx, 'rollover');
  const paced = result.subscriptions.paced;
  const rps = (value) =>
    `${Math.round(value.requestsPerSecond)}/s  p50 ${value.p50Ms} ms  p99 ${value.p99Ms} ms`;
  const share = result.today.requestsPerSecond / result.bare.requestsPerSecond;
  return {
    rows: [
      {
        label: `subscriptions offered at ${paced.offeredPerSecond}/s over ${result.connections} connections, ${paced.requests} distinct users, ${result.plans} plans`,
        value: `${Math.round(paced.achievedPerSecond)}/s  p50 ${Math.round(paced.p50Ms)} ms  p99 ${Math.round(paced.p99Ms)} ms  max ${Math.round(paced.maxMs)} ms`,
        goal: `p99 < ${SUBSCRIBE_GOAL_P99_MS} ms`,
        ok: paced.offeredPerSecond >= SUBSCRIBE_GOAL_PER_SECOND && paced.p99Ms < SUBSCRIBE_GOAL_P99_MS,
      },
      {
        label: `slot limits (${result.limitedPlans} plans of ${result.slotLimit}): refused / expected`,
        value: `${result.subscriptions.refusals} / ${result.subscriptions.expectedRefusals}, filled exactly: ${result.subscriptions.limitsExact}`,
      },
      {
        label: `GET /api/rollover/today (${result.plans} tips, a different subscriber each request, ${result.connections} connections)`,
        value: rps(result.today),
        goal: `p99 < ${TODAY_GOAL_P99_MS} ms`,
        ok: result.today.p99Ms < TODAY_GOAL_P99_MS && result.today.non2xx + result.today.errors === 0,
      },
      { label: 'bare Fastify route, same JSON from memory', value: rps(result.bare) },
      {
        label: 'today throughput / bare throughput',
        value: `${(share * 100).toFixed(0)}%`,
        goal: `>= ${TODAY_GOAL_SHARE_OF_BARE * 100}%`,
        ok: share >= TODAY_GOAL_SHARE_OF_BARE,
      },
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const DASHBOARD_LCP_GOAL_MS = 2500;
// Lighthouse's mobile profile: slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), a CPU
// four times slower, a 412 × 823 phone screen.
const SLOW_4G = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const MOBILE_CPU_SLOWDOWN = 4;
const LCP_RUNS = 3;

/**
 * The dashboard's Largest Contentful Paint for a signed-in user on a throttled phone, each run in a
 * fresh browser profile (nothing cached), the session already in local storage.
 */
async function dashboardLcpSection(ctx) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    return { skipped: 'web/dist is missing (npm run build -w web failed?)' };
  }
  const email = 'lcp.bench@example.com';
  const password = 'B3nch!Password';
  const server = await startServer({
    dataDir: ctx.dataDir(),
    env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
  });
  const runs = [];
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token, user } = await login.json();
    for (let run = 0; run < LCP_RUNS; run++) {
      const profile = tempDir('cashtips-bench-lcp-');
      const context = await launchChromium(profile, {
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        // The origin's storage first (a JSON answer loads no app code), then a cold navigation.
        await page.goto(`${server.url}/api/health`);
        await page.evaluate(
          ({ token, user }) => {
            for (const key of ['token', 'authToken']) localStorage.setItem(key, token);
            localStorage.setItem('user', JSON.stringify(user));
            localStorage.setItem('cookieAccepted', 'true');
          },
          { token, user },
        );
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
        await page.goto(`${server.url}/dashboard`, { waitUntil: 'load', timeout: 60_000 });
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
        const lcp = await page.evaluate(
          () =>
            new Promise((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                const last = entries[entries.length - 1];
                resolve({ ms: last.startTime, element: last.element ? last.element.tagName : null });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        const onDashboard = new URL(page.url()).pathname === '/dashboard';
        runs.push({ ...lcp, onDashboard });
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
  }
  const lcpMs = median(runs.map((run) => run.ms));
  const stayed = runs.every((run) => run.onDashboard);
  return {
    rows: [
      {
        label: `dashboard LCP, signed in, throttled phone (slow 4G 150 ms RTT 1.6 Mbit/s, CPU ×${MOBILE_CPU_SLOWDOWN}, 412×823), median of ${LCP_RUNS} cold loads`,
        value: `${Math.round(lcpMs)} ms (runs: ${runs.map((run) => Math.round(run.ms)).join(', ')} ms; element ${runs[0]?.element ?? '?'})`,
        goal: `< ${DASHBOARD_LCP_GOAL_MS} ms`,
        ok: lcpMs < DASHBOARD_LCP_GOAL_MS && stayed,
      },
    ],
    data: { runs, lcpMs, throttling: { ...SLOW_4G, cpuSlowdown: MOBILE_CPU_SLOWDOWN } },
  };
}

const LIGHTHOUSE_VERSION = '12';
const LIGHTHOUSE_DIR = path.join(root, '.tmp/lighthouse');
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/cli/index.js');
/** The pages with goals, each loaded three times; the other public pages once each. */
const LIGHTHOUSE_PAGES = ['/', '/booking-codes', '/free', '/login'];
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_LCP_GOAL_MS = 1200;
const LIGHTHOUSE_SCORE_GOAL = 95;
/** Under the page cache's 10 s: every run's navigation finds its page rendered, as a visited site's would. */
const LIGHTHOUSE_WARM_EVERY_MS = 2000;

/** Runs a command without blocking this process's event loop; answers its exit status and output. */
function runAsync(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', (error) => resolve({ status: null, stdout, stderr: String(error) }));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Lighthouse 12 in .tmp/lighthouse, installed from the npm registry on first use: it is no dependency
 * of the project (CI never installs it). Answers an error message when it cannot be had.
 */
async function ensureLighthouse() {
  const installed = () => {
    try {
      const { version } = JSON.parse(
        readFileSync(path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/package.json'), 'utf8'),
      );
      return version.startsWith(`${LIGHTHOUSE_VERSION}.`) ? version : null;
    } catch {
      return null;
    }
  };
  if (installed()) return { version: installed() };
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, LIGHTHOUSE_DIR)}...`);
  mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  const install = await runAsync(
    'npm',
    [
      'install',
      '--prefix',
      LIGHTHOUSE_DIR,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `lighthouse@${LIGHTHOUSE_VERSION}`,
    ],
    { cwd: LIGHTHOUSE_DIR },
  );
  if (install.status !== 0 || !installed()) {
    return {
      error: `npm install lighthouse@${LIGHTHOUSE_VERSION} failed: ${install.stderr.trim().split('\n').at(-1)}`,
    };
  }
  return { version: installed() };
}

/** One Lighthouse run (mobile defaults: simulated slow 4G, CPU ×4, Moto G Power screen) on `url`. */
async function lighthouseRun(url, outDir) {
  const output = path.join(outDir, 'report.json');
  rmSync(output, { force: true });
  const run = await runAsync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--disable-full-page-screenshot',
      '--quiet',
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    ],
    { cwd: outDir, env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
  );
  if (run.status !== 0 || !existsSync(output)) {
    throw new Error(
      `lighthouse ${url} failed (exit ${run.status}): ${run.stderr.trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const { audits } = report;
  const lcpDetails = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpDetails[0]?.items?.[0]?.node;
  const phases = Object.fromEntries(
    (lcpDetails[1]?.items ?? []).map((phase) => [phase.phase, Math.round(phase.timing)]),
  );
  const metric = (id) => audits[id]?.numericValue ?? null;
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    speedIndexMs: metric('speed-index'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    serverResponseMs: metric('server-response-time'),
    observedFcpMs: observed.observedFirstContentfulPaint ?? null,
    observedDomContentLoadedMs: observed.observedDomContentLoaded ?? null,
    lcpElement: lcpNode ? `${lcpNode.snippet ?? ''} ${JSON.stringify(lcpNode.nodeLabel ?? '')}`.trim() : null,
    lcpPhases: phases,
    renderBlocking: (audits['render-blocking-resources']?.details?.items ?? []).map((item) => ({
      url: new URL(item.url).pathname,
      wastedMs: Math.round(item.wastedMs ?? 0),
    })),
    bootupMs: metric('bootup-time'),
    mainThreadMs: metric('mainthread-work-breakdown'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
    warnings: report.runWarnings ?? [],
    lighthouseVersion: report.lighthouseVersion,
  };
}

/**
 * Lighthouse's performance audit of the public pages as a first-time visitor on a phone (its mobile
 * defaults), against the built product on the embedded database with the demo content: the four main
 * pages three times each (medians), the others once.
 */
async function lighthouseSection(ctx) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    return { skipped: 'web/dist is missing (npm run build -w web failed?)' };
  }
  if (!existsSync('/usr/bin/chromium')) return { skipped: 'no Chromium at /usr/bin/chromium' };
  const lighthouse = await ensureLighthouse();
  if (lighthouse.error) return { skipped: lighthouse.error };
  const server = await startServer({ dataDir: ctx.dataDir() });
  const outDir = tempDir('cashtips-bench-lighthouse-');
  const pages = [];
  try {
    for (const pagePath of PUBLIC_PAGES) {
      const runs = LIGHTHOUSE_PAGES.includes(pagePath) ? LIGHTHOUSE_RUNS : 1;
      const url = `${server.url}${pagePath}`;
      const warm = () =>
        fetch(url, { headers: { 'accept-encoding': 'gzip, br' } })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined);
      const results = [];
      const failures = [];
      // A failed run (this machine's load has made Chromium give up on a page) is tried again, twice.
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        await warm();
        const warming = setInterval(warm, LIGHTHOUSE_WARM_EVERY_MS);
        try {
          results.push(await lighthouseRun(url, outDir));
        } catch (error) {
          const healthy = (await getStatus(`${server.url}/api/health`).catch(() => 0)) === 200;
          failures.push(
            healthy ? error.message : `${error.message}; the server is down: ${server.output().slice(-2000)}`,
          );
          console.warn(`warning: ${failures.at(-1)}`);
          if (!healthy) throw error;
        } finally {
          clearInterval(warming);
        }
      }
      if (results.length === 0) throw new Error(failures.at(-1));
      pages.push({ path: pagePath, runs: results, failures });
    }
  } finally {
    await server.stop();
  }

  const summarized = pages.map(({ path: pagePath, runs, failures }) => {
    const lcpMs = median(runs.map((run) => run.lcpMs));
    const score = median(runs.map((run) => run.score));
    // The run whose LCP is the median one explains it.
    const typical = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)];
    return { path: pagePath, lcpMs, score, typical, runs, failures };
  });
  const width = Math.max(...summarized.map((page) => page.path.length));
  const ms = (value) => `${Math.round(value)} ms`;
  const rows = [];
  for (const page of summarized) {
    const goals = LIGHTHOUSE_PAGES.includes(page.path);
    const { typical } = page;
    rows.push({
      label: `${page.path.padEnd(width)}  ${goals ? `median of ${page.runs.length}` : 'one run'}: LCP, performance (runs)${page.failures.length ? `; ${page.failures.length} failed run(s) retried` : ''}`,
      value: `${ms(page.lcpMs)}, ${page.score}  (${page.runs.map((run) => `${ms(run.lcpMs)} ${run.score}`).join('; ')})`,
      ...(goals
        ? {
            goal: `LCP <= ${ms(LIGHTHOUSE_LCP_GOAL_MS)}, >= ${LIGHTHOUSE_SCORE_GOAL}`,
            ok: page.lcpMs <= LIGHTHOUSE_LCP_GOAL_MS && page.score >= LIGHTHOUSE_SCORE_GOAL,
          }
        : {}),
    });
    rows.push({
      label: `  FCP / SI / TBT / CLS; server response; LCP phases`,
      value: `${ms(typical.fcpMs)} / ${ms(typical.speedIndexMs)} / ${ms(typical.tbtMs)} / ${typical.cls.toFixed(3)}; ${ms(typical.serverResponseMs)}; ${Object.entries(
        typical.lcpPhases,
      )
        .map(([phase, timing]) => `${phase} ${timing}`)
        .join(', ')}`,
    });
    if (goals) rows.push({ label: '  LCP element', value: (typical.lcpElement ?? '?').slice(0, 110) });
  }
  const version = summarized[0]?.typical.lighthouseVersion ?? lighthouse.version;
  const indexes = pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex ?? 0));
  rows.push({
    label: `Lighthouse ${version}, Chromium ${spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout.match(/[\d.]+/)?.[0] ?? '?'}; its CPU benchmark index, median (lowest-highest; lower is a busier machine)`,
    value: `${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))})`,
  });
  return {
    rows,
    data: {
      goals: { lcpMs: LIGHTHOUSE_LCP_GOAL_MS, score: LIGHTHOUSE_SCORE_GOAL },
      lighthouseVersion: version,
      pages: summarized.map(({ typical, ...page }) => page),
    },
  };
}

const DASHBOARD_GOAL_P99_MS = 25;

const PREDICTION_GOAL_P99_MS = 25;

/** A match's prediction read by an admin (cached), after a fit by its job, on PostgreSQL (server/bench/predictions.bench.ts). */
async function predictionsSection(ctx) {
  const result = await runServerBench(ctx, 'predictions');
  const rate = (value) =>
    `${Math.round(value.requestsPerSecond)}/s  p50 ${value.p50Ms} ms  p99 ${value.p99Ms} ms`;
  const { stats } = result;
  return {
    rows: [
      {
        label: `fit through POST /api/admin/predictions/fit (${result.league}: ${result.finishedMatches} finished matches; ${result.priced} of ${result.upcoming} upcoming fixtures priced), request to fit stored`,
        value: `${result.fitMs} ms`,
      },
      {
        label: `GET /api/admin/predictions/matches/:id (cached, ${result.connections} connections, an admin)`,
        value: rate(stats),
        goal: `p99 < ${PREDICTION_GOAL_P99_MS} ms`,
        ok: stats.p99Ms < PREDICTION_GOAL_P99_MS && result.anomalies === 0,
      },
      { label: 'bare Fastify route, same JSON from memory', value: rate(result.bare) },
      {
        label: 'errors and non-2xx answers',
        value: String(result.anomalies),
        goal: '0',
        ok: result.anomalies === 0,
      },
    ],
    data: result,
  };
}

/** The dashboard's figures for buyers of 1,000 codes among 100,000 purchases (server/bench/dashboard.bench.ts). */
async function dashboardSection(ctx) {
  const result = await runServerBench(ctx, 'dashboard');
  const { stats } = result;
  return {
    rows: [
      {
        label: `GET /api/users/dashboard-stats (${result.buyers} buyers of ${result.codes} codes each, ${result.purchases} purchases, ${result.purchasesInWindow} in a buyer's 30 days; ${result.connections} connections, a different buyer each request)`,
        value: `${Math.round(stats.requestsPerSecond)}/s  p50 ${stats.p50Ms} ms  p99 ${stats.p99Ms} ms`,
        goal: `p99 < ${DASHBOARD_GOAL_P99_MS} ms`,
        ok: stats.p99Ms < DASHBOARD_GOAL_P99_MS && result.anomalies === 0,
      },
      {
        label: 'errors and non-2xx answers',
        value: String(result.anomalies),
        goal: '0',
        ok: result.anomalies === 0,
      },
    ],
    data: result,
  };
}

const SETTLE_GOAL_MS = 2000;
const PAST_GOAL_SHARE_OF_BARE = 0.5;
const PAST_GOAL_P99_MS = 25;

/** One score settling 10,000 items, and the public past tips, on PostgreSQL (server/bench/results.bench.ts). */
async function resultsSection(ctx) {
  const result = await runServerBench(ctx, 'results');
  const rps = (value) =>
    `${Math.round(value.requestsPerSecond)}/s  p50 ${value.p50Ms} ms  p99 ${value.p99Ms} ms`;
  const share = result.past.requestsPerSecond / result.bare.requestsPerSecond;
  const { settle } = result;
  return {
    rows: [
      {
        label: `one score settling ${settle.items} items (${settle.codes} bought codes, ${settle.rolloverTips} rollover tips), ${settle.told} people told, over HTTP`,
        value: `${settle.ms} ms`,
        goal: `< ${SETTLE_GOAL_MS} ms`,
        ok: settle.status === 200 && settle.ms < SETTLE_GOAL_MS,
      },
      {
        label: 'GET /api/tips/past (500 settled free tips, first page, 50 connections)',
        value: rps(result.past),
        goal: `p99 < ${PAST_GOAL_P99_MS} ms`,
        ok: result.past.p99Ms < PAST_GOAL_P99_MS && result.past.non2xx + result.past.errors === 0,
      },
      { label: 'bare Fastify route, same JSON from memory', value: rps(result.bare) },
      {
        label: 'past tips throughput / bare throughput',
        value: `${(share * 100).toFixed(0)}%`,
        goal: `>= ${PAST_GOAL_SHARE_OF_BARE * 100}%`,
        ok: share >= PAST_GOAL_SHARE_OF_BARE,
      },
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const TELEGRAM_GOAL_PER_SECOND = 25;

/** Personal notifications relayed to a fake Bot API at the configured rate (server/bench/telegram.bench.ts). */
async function telegramSection(ctx) {
  const result = await runServerBench(ctx, 'telegram', [String(TELEGRAM_GOAL_PER_SECOND)]);
  const limit = result.configuredPerSecond;
  return {
    rows: [
      {
        label: `${result.recipients} personal notifications to linked Telegram users (admin requests, 10 at a time)`,
        value: `${result.requestsOk} answered in ${result.requestsMs} ms`,
      },
      {
        label: 'relayed to the fake Bot API: average rate over the relay, busiest second',
        value: `${result.averagePerSecond}/s, ${result.peakPerSecond} in one second  (${result.delivered} in ${(result.relayMs / 1000).toFixed(1)} s, first after ${result.firstMessageAfterMs} ms)`,
        goal: `<= ${limit}/s configured`,
        ok: result.peakPerSecond <= limit && result.averagePerSecond >= limit * 0.8,
      },
      {
        label: 'messages lost / sent twice',
        value: `${result.missing} / ${result.duplicated}`,
        goal: '0 / 0',
        ok: result.missing === 0 && result.duplicated === 0,
      },
    ],
    data: result,
  };
}

const PAYOUTS_GOAL_PER_SECOND = 200;
const PAYOUTS_GOAL_P99_MS = 50;

/** 1,000 withdrawals through request, approval and webhook on PostgreSQL (server/bench/payouts.bench.ts). */
async function payoutsSection(ctx) {
  const result = await runServerBench(ctx, 'payouts');
  const ms = (value) => `${value.toFixed(1)} ms`;
  const rate = (phase) =>
    `${Math.round(phase.perSecond)}/s  p50 ${ms(phase.p50Ms)}  p99 ${ms(phase.p99Ms)}  max ${ms(phase.maxMs)}`;
  const capacity = (label, phase) => ({
    label: `${label} (${phase.requests}, ${phase.connections} in flight)`,
    value: rate(phase),
    goal: `>= ${PAYOUTS_GOAL_PER_SECOND}/s`,
    ok: phase.perSecond >= PAYOUTS_GOAL_PER_SECOND && phase.non2xx + phase.errors === 0,
  });
  const sent = (transfers) =>
    `all at the fake ${Math.round(transfers.atFakeMs)} ms after the last answer, recorded after ${Math.round(transfers.recordedMs)} ms; jobs sent ${transfers.perSecond ?? '?'}/s`;
  const { paced } = result;
  return {
    rows: [
      capacity(`POST /api/wallet/withdraw, each user's first (to review) over HTTP`, result.withdrawals),
      capacity('POST /api/admin/withdrawals/:id/approve, one admin', result.approvals),
      {
        label: '  transfer jobs sending the approved withdrawals to the fake (pending)',
        value: sent(result.transfers),
      },
      capacity('signed transfer.success webhooks, each transfer read back from the fake', result.webhooks),
      {
        label: `POST /api/wallet/withdraw offered at ${paced.offeredPerSecond}/s over ${paced.connections} connections: ${paced.requests} paid users' second withdrawals (below review, transfer job at once)`,
        value: `${Math.round(paced.achievedPerSecond)}/s  p50 ${ms(paced.p50Ms)}  p99 ${ms(paced.p99Ms)}  max ${ms(paced.maxMs)}`,
        goal: `p99 < ${PAYOUTS_GOAL_P99_MS} ms`,
        ok: paced.p99Ms < PAYOUTS_GOAL_P99_MS && paced.non2xx + paced.errors === 0,
      },
      { label: '  their transfers to the fake', value: sent(result.pacedTransfers) },
      { label: '  their webhooks', value: rate(result.pacedWebhooks) },
      {
        label: `withdrawals paid exactly once (${result.totals.expected}: rows, ledger, one transfer per reference)`,
        value: `${result.totals.byStatus.paid ?? 0} paid, ${result.totals.fake.transfers} transfers, ${result.totals.fake.sentTwice} twice`,
        goal: 'all, once',
        ok: Object.values(result.checks).every(Boolean),
      },
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const BROADCAST_GOAL_P95_MS = 300;
const PUSH_GOAL_PER_SECOND = 500;
const READS_DURING_GOAL_P99_MS = 25;

/** Socket broadcasts, web push fan-out and the code list meanwhile (server/bench/notifications.bench.ts). */
async function notificationsSection(ctx) {
  const result = await runServerBench(ctx, 'notifications');
  const { sockets, push, reads } = result;
  const ms = (value) => `${Math.round(value)} ms`;
  const latency = (figures) =>
    `p50 ${ms(figures.p50Ms)}  p95 ${ms(figures.p95Ms)}  p99 ${ms(figures.p99Ms)}  max ${ms(figures.maxMs)}`;
  const readRow = (label, figures) => ({
    label: `${label} (${figures.requests} requests)`,
    value: `p50 ${figures.p50Ms.toFixed(1)} ms  p99 ${figures.p99Ms.toFixed(1)} ms  max ${ms(figures.maxMs)}`,
  });
  const readGoal = (figures) => ({
    goal: `p99 <= ${READS_DURING_GOAL_P99_MS} ms`,
    ok: figures.p99Ms <= READS_DURING_GOAL_P99_MS && figures.failed === 0,
  });
  return {
    rows: [
      {
        label: `${sockets.broadcasts} broadcasts to ${sockets.clients} sockets (${sockets.signedIn} signed in; another process): request to receipt`,
        value: latency(sockets.latency),
        goal: `p95 < ${BROADCAST_GOAL_P95_MS} ms`,
        ok: sockets.latency.p95Ms < BROADCAST_GOAL_P95_MS,
      },
      {
        label: '  sockets reached by each broadcast (fewest)',
        value: `${sockets.minReceived} of ${sockets.clients}`,
        goal: 'all',
        ok: sockets.minReceived === sockets.clients,
      },
      { label: '  admin’s answer (POST /api/admin/notifications)', value: latency(sockets.adminResponse) },
      {
        label: `web push fan-out to ${push.subscriptions} subscriptions (local fake push service: VAPID checked, decrypted)`,
        value: `${push.perSecond}/s  (${push.received} in ${push.seconds} s, first after ${ms(push.firstPushMs)})`,
        goal: `>= ${PUSH_GOAL_PER_SECOND}/s, all decrypted with the title`,
        ok:
          push.perSecond >= PUSH_GOAL_PER_SECOND &&
          push.decryptedWithTitle === push.subscriptions &&
          push.endpoints === push.subscriptions &&
          push.refused === 0,
      },
      {
        label: '  the same broadcast on the sockets meanwhile',
        value: `${latency(sockets.duringPush)}  (${sockets.duringPush.received} received)`,
      },
      readRow(
        `GET /api/booking-codes at ${reads.perSecond}/s (open loop, ${reads.connections} connections), at rest`,
        reads.rest,
      ),
      {
        ...readRow('  while a broadcast reaches the sockets', reads.socketWindows),
        ...readGoal(reads.socketWindows),
      },
      readRow(
        `  the whole phase, ${sockets.broadcasts} broadcasts ${sockets.spacingMs} ms apart`,
        reads.socketPhase,
      ),
      {
        ...readRow('  from the push broadcast’s request to its last push', reads.pushFanOut),
        ...readGoal(reads.pushFanOut),
      },
      readRow('  the same, once the sockets had it (pushes only)', reads.pushOnly),
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const SCORE_GOAL_P95_MS = 300;
const WHISTLE_GOAL_MS = 2000;
const POLLER_GOAL_PERCENT = 5;

/** Live scores, a final whistle and the poller's CPU against a local API-Football fake (server/bench/football.bench.ts). */
async function footballSection(ctx) {
  const result = await runServerBench(ctx, 'football');
  const { sockets, scoreChanges, whistle, poller } = result;
  const ms = (value) => `${Math.round(value)} ms`;
  const cpuRows = (figures, label) => [
    {
      label: `${label}: server CPU per round (${figures.rounds} rounds in ${figures.seconds} s, one every ${ms(figures.roundPeriodMs.p50Ms)})`,
      value: `${figures.cpuMsPerRound.toFixed(1)} ms  (${figures.netCpuMsPerRound.toFixed(1)} ms less the idle server)`,
    },
    {
      label: '  share of one core at the default 60 s interval (one round a minute, less the idle server)',
      value: `${figures.atDefaultPercent.toFixed(2)}%`,
      goal: `< ${POLLER_GOAL_PERCENT}%`,
      ok: figures.atDefaultPercent < POLLER_GOAL_PERCENT,
    },
    {
      label: `  share of one core at ${result.pollSeconds} s`,
      value: `${figures.sharePercent.toFixed(1)}%  (${figures.netSharePercent.toFixed(1)}% less the idle server)`,
    },
  ];
  return {
    rows: [
      {
        label: `${scoreChanges.changes} score changes to ${sockets.clients} sockets (anonymous, another process), polled every ${result.pollSeconds} s: the fake's answer to receipt`,
        value: `p50 ${ms(scoreChanges.latency.p50Ms)}  p95 ${ms(scoreChanges.latency.p95Ms)}  max ${ms(scoreChanges.latency.maxMs)}`,
        goal: `p95 < ${SCORE_GOAL_P95_MS} ms`,
        ok: scoreChanges.latency.p95Ms < SCORE_GOAL_P95_MS,
      },
      {
        label: '  sockets reached by each change (fewest)',
        value: `${scoreChanges.minReceived} of ${sockets.clients}`,
        goal: 'all',
        ok: scoreChanges.minReceived === sockets.clients,
      },
      {
        label: '  each change’s first socket (the poll’s own path, before the fan-out)',
        value: `p50 ${ms(scoreChanges.first.p50Ms)}  max ${ms(scoreChanges.first.maxMs)}`,
      },
      {
        label: `  yardstick: ${scoreChanges.broadcasts.count} admin broadcasts to the same sockets meanwhile, request to receipt`,
        value: `p50 ${ms(scoreChanges.broadcasts.p50Ms)}  p95 ${ms(scoreChanges.broadcasts.p95Ms)}  max ${ms(scoreChanges.broadcasts.maxMs)}`,
      },
      {
        label: `final whistle settling ${whistle.items} items (${whistle.codes} bought codes, ${whistle.rolloverTips} rollover tips), ${whistle.told} people told: the fake's FT answer to all settled`,
        value: `${ms(whistle.ms)}  (recording began after ${ms(whistle.recordStartedMs)}, its transaction ${ms(whistle.recordingMs)})`,
        goal: `< ${WHISTLE_GOAL_MS} ms`,
        ok: whistle.ms < WHISTLE_GOAL_MS,
      },
      {
        label:
          '  yardstick: an admin’s result for the same 10,000 items on a typed match meanwhile, over HTTP',
        value: `all settled after ${ms(whistle.admin.committedMs)}, answered after ${ms(whistle.admin.answeredMs)}`,
      },
      {
        label: `server idle, nothing due (poller on, ${poller.idle.seconds} s)`,
        value: `${poller.idle.sharePercent.toFixed(1)}% of one core`,
      },
      ...cpuRows(
        poller.scores,
        `${poller.liveMatches} matches in play (${poller.callsPerRound} calls a round), scores of ${poller.changingPerRound} changing each round`,
      ),
      ...cpuRows(poller.minutes, '  the same, every minute moving too (what a 60 s round sees)'),
      { label: 'anomalies', value: String(result.anomalies), goal: '0', ok: result.anomalies === 0 },
    ],
    data: result,
  };
}

const PREDICT_FIT_GOAL_MS = 2000;
const PREDICT_WALK_GOAL_S = 60;

/** Runs server/bench/predictions-model.bench.ts (no database, no server) and answers its JSON line. */
function runModelBench(which) {
  const run = spawnSync('npx', ['tsx', 'server/bench/predictions-model.bench.ts', which], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`predictions-model bench failed: ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

/** One league's Dixon-Coles fit on the bundled results, cold and warm. */
async function predictFitSection() {
  const result = runModelBench('fit');
  const ms = (value) => `${value.toFixed(1)} ms`;
  return {
    rows: [
      {
        label: `Premier League fit before ${result.asOf}: ${result.matches} matches, ${result.teams} teams, ${result.parameters} parameters, cold (median of 7)`,
        value: `${ms(result.coldMs)}  (${result.coldIterations} L-BFGS iterations)`,
        goal: `< ${PREDICT_FIT_GOAL_MS} ms`,
        ok: result.coldMs < PREDICT_FIT_GOAL_MS,
      },
      {
        label: '  the same, warm-started from the fit a week earlier',
        value: `${ms(result.warmMs)}  (${result.warmIterations} iterations)`,
      },
      {
        label: `  default window: ${result.defaultWindow.matches} matches, ${result.defaultWindow.teams} teams`,
        value: `${ms(result.defaultWindow.ms)}  (${result.defaultWindow.iterations} iterations)`,
      },
    ],
    data: result,
  };
}

/** A season's whole walk-forward evaluation (weekly refits), as npm run predict:evaluate runs it. */
async function predictWalkSection() {
  const result = runModelBench('walk');
  const row = (figures) => ({
    label: `walk-forward ${figures.league} ${figures.season}: ${figures.matches} matches, ${figures.fits} fits (median of 3)`,
    value: `${figures.seconds.toFixed(2)} s  (RPS ${figures.rps.toFixed(4)}, baseline ${figures.baselineRps.toFixed(4)})`,
    goal: `< ${PREDICT_WALK_GOAL_S} s`,
    ok: figures.seconds < PREDICT_WALK_GOAL_S,
  });
  return { rows: [row(result.epl), row(result.largest)], data: result };
}

const sections = [
  { name: 'startup', title: 'Server start-up and memory (embedded PGlite)', run: startupSection },
  { name: 'landing', title: 'Landing page JavaScript', run: landingSection },
  {
    name: 'pages',
    title: 'Public pages as a visitor: JavaScript and HTML; the dashboard for comparison',
    run: pagesSection,
  },
  { name: 'money', title: 'Money on PostgreSQL: ledger debits and webhook confirmations', run: moneySection },
  {
    name: 'codes',
    title: 'Booking codes on PostgreSQL: public list vs bare route, purchases',
    run: codesSection,
  },
  {
    name: 'pages-throughput',
    title:
      'Server-rendered pages on PostgreSQL: the code list as HTML vs its JSON, a render with an empty cache',
    run: pagesThroughputSection,
  },
  {
    name: 'rollover',
    title: 'Rollover on PostgreSQL: subscriptions, today’s tips vs bare route',
    run: rolloverSection,
  },
  {
    name: 'results',
    title: 'Results on PostgreSQL: one score settling 10,000 items, past tips vs bare route',
    run: resultsSection,
  },
  {
    name: 'dashboard-lcp',
    title: "Dashboard's first render on a throttled phone",
    run: dashboardLcpSection,
  },
  {
    name: 'lighthouse',
    title: 'Public pages in Lighthouse (mobile: simulated slow 4G, CPU ×4), embedded database, demo content',
    run: lighthouseSection,
  },
  {
    name: 'dashboard',
    title: 'Dashboard figures on PostgreSQL',
    run: dashboardSection,
  },
  {
    name: 'notifications',
    title: 'Notifications on PostgreSQL: broadcasts to 5,000 sockets, web push fan-out, code list meanwhile',
    run: notificationsSection,
  },
  {
    name: 'payouts',
    title: 'Withdrawals on PostgreSQL: 1,000 through request, approval and webhook; requests at 100/s',
    run: payoutsSection,
  },
  {
    name: 'telegram',
    title: 'Telegram on PostgreSQL: 1,000 personal notifications relayed to a fake Bot API',
    run: telegramSection,
  },
  {
    name: 'football',
    title: 'Football data on PostgreSQL: live scores to 5,000 sockets, a final whistle, the poller’s CPU',
    run: footballSection,
  },
  {
    name: 'predict-fit',
    title: 'Match model: one league fitted (Dixon-Coles, L-BFGS)',
    run: predictFitSection,
  },
  { name: 'predict-walk', title: "Match model: a season's walk-forward evaluation", run: predictWalkSection },
  {
    name: 'predictions',
    title: 'Match predictions on PostgreSQL: a fit by its job, one match’s prediction vs bare route',
    run: predictionsSection,
  },
];

// ---------------------------------------------------------------------------------------------
// Main

function printTable(results) {
  const lines = [];
  for (const result of results) {
    lines.push({ heading: `${result.title} [${result.name}]` });
    if (result.error) lines.push({ label: 'FAILED', value: result.error.split('\n')[0] });
    else if (result.skipped) lines.push({ label: 'skipped', value: result.skipped });
    else lines.push(...result.rows);
  }
  const rows = lines.filter((line) => !line.heading);
  const labelWidth = Math.max(...rows.map((row) => row.label.length));
  const valueWidth = Math.max(...rows.map((row) => String(row.value).length));
  for (const line of lines) {
    if (line.heading) {
      console.log(`\n${line.heading}`);
      continue;
    }
    const verdict = line.ok ? 'ok' : line.budget ? 'OVER BUDGET' : 'MISSED';
    const goal = line.goal ? `  goal ${line.goal}  ${verdict}` : '';
    console.log(
      `  ${line.label.padEnd(labelWidth)}  ${String(line.value).padEnd(valueWidth)}${goal}`.trimEnd(),
    );
  }
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--build');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !sections.some((section) => section.name === name));
  if (unknown.length) {
    console.error(
      `unknown benchmark ${unknown.join(', ')}; known: ${sections.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  const chosen = names.length ? sections.filter((section) => names.includes(section.name)) : sections;

  ensureBuilt(force);

  let sharedDataDir;
  let postgres;
  const ctx = {
    /** A throwaway PostgreSQL 15 shared by the sections that ask for it: { url, port, stop }. */
    postgres: async () => {
      if (!postgres) {
        postgres = await startThrowawayPostgres();
        cleanups.add(postgres.stop);
      }
      return postgres;
    },
    /** One data folder for the whole run: fresh for the first server that starts, existing after. */
    dataDir: () => {
      sharedDataDir ??= path.join(tempDir('cashtips-bench-'), 'data');
      return sharedDataDir;
    },
  };

  const loadBefore = loadavg()[0];
  const results = [];
  for (const section of chosen) {
    console.log(`Running ${section.name}...`);
    const started = performance.now();
    try {
      const outcome = await section.run(ctx);
      results.push({
        name: section.name,
        title: section.title,
        ...outcome,
        seconds: (performance.now() - started) / 1000,
      });
    } catch (error) {
      console.error(`${section.name} failed: ${error.stack ?? error}`);
      results.push({ name: section.name, title: section.title, error: String(error.message ?? error) });
    }
  }
  cleanUpAll();

  printTable(results);
  const loadAfter = loadavg()[0];
  if (Math.max(loadBefore, loadAfter) > cpus().length) {
    console.log(
      `\nNote: the machine was busy (load ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${cpus().length} cores); times are inflated.`,
    );
  }

  const json = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: { before: loadBefore, after: loadAfter },
    sections: Object.fromEntries(
      results.map((result) => [
        result.name,
        result.error
          ? { error: result.error }
          : result.skipped
            ? { skipped: result.skipped }
            : { ...result.data, seconds: result.seconds },
      ]),
    ),
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(root, outFile)}`);
  if (results.some((result) => result.error)) process.exit(1);
  // A budget (unlike a goal, which this machine's load can make it miss) fails the run.
  if (results.some((result) => result.rows?.some((row) => row.budget && !row.ok))) {
    console.error('A budget was exceeded (OVER BUDGET above).');
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  cleanUpAll();
  process.exit(1);
});
