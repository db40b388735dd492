import { get } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { compressPage, type PageBundle } from '../src/web/page-renderer.ts';
import { publicPagePaths } from '../src/web/public-pages.ts';
import { createBenchCodes } from './fixtures.ts';
import { CONNECTIONS, cpuMsOf, readLoad, startBuiltServer } from './processes.ts';

/*
 * The server-rendered code list as a visitor's browser gets it (decision 018: from the page cache,
 * precompressed) against the JSON list the same visitor's browser reads, on PostgreSQL; the server's
 * CPU per request of each; then what a render costs when the cache has nothing (each public page
 * rendered in this process from the server's own answers, replayed from memory, and compressed).
 */

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: pages-throughput.bench.ts <postgres-url>');

const CODES = 300;
const BROWSER_ENCODING = 'gzip, deflate, br';
const RENDER_WARMUP = 5;
const RENDER_RUNS = 30;
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** A timed read load with the server's CPU over it, per request answered. */
async function measuredLoad(pid: number, url: string, acceptEncoding: string) {
  await readLoad(url, { durationSeconds: 2, acceptEncoding });
  const cpuBefore = cpuMsOf(pid);
  const load = await readLoad(url, { acceptEncoding });
  const serverCpuMs = cpuMsOf(pid) - cpuBefore;
  return { ...load, serverCpuMsPerRequest: serverCpuMs / Math.max(1, load.requests) };
}

/** GET `url` asking for `encoding`: the body as sent, which must be in that encoding. */
function wireBytes(url: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const sent = response.headers['content-encoding'];
        if (sent === encoding) resolve(Buffer.concat(chunks));
        else reject(new Error(`${url} was sent ${sent ?? 'uncompressed'}, not ${encoding}`));
      });
    }).on('error', reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface CannedAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Each public page rendered `RENDER_RUNS` times as the server renders it when its cache is empty: the
 * same bundle, the same app config, the same API answers (recorded once from the running server, then
 * answered from memory so only the render is timed), then compressed as the page cache does.
 */
async function coldRenders(baseUrl: string) {
  const bundle = (await import(
    pathToFileURL(path.join(webDir, 'dist-server', 'entry-server.js')).href
  )) as PageBundle;
  const pages = [];
  for (const page of publicPagePaths) {
    const response = await fetch(`${baseUrl}${page}`, { headers: { 'accept-encoding': 'identity' } });
    const served = await response.text();
    const configJson = served.match(
      /<script type="application\/json" id="app-config">([\s\S]*?)<\/script>/,
    )?.[1];
    if (!served.includes('data-server-rendered') || !configJson) {
      throw new Error(`${page} was not server-rendered (${response.status})`);
    }
    const appConfig = JSON.parse(configJson) as Record<string, unknown>;
    const answers = new Map<string, CannedAnswer>();
    const recording = async (url: string): Promise<Response> => {
      const answer = await fetch(`${baseUrl}${url}`, { headers: { accept: 'application/json' } });
      const canned = {
        status: answer.status,
        contentType: answer.headers.get('content-type') ?? 'application/json',
        body: await answer.text(),
      };
      answers.set(url, canned);
      return new Response(canned.body, {
        status: canned.status,
        headers: { 'content-type': canned.contentType },
      });
    };
    const replaying = async (url: string): Promise<Response> => {
      const canned = answers.get(url);
      if (!canned) throw new Error(`${page}: ${url} was not asked for while recording`);
      return new Response(canned.body, {
        status: canned.status,
        headers: { 'content-type': canned.contentType },
      });
    };
    const first = await bundle.renderPage({ url: page, appConfig, fetchApi: recording });
    if (!first.complete) throw new Error(`${page}: rendered without part of its data`);
    const renderMs: number[] = [];
    const compressMs: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let run = 0; run < RENDER_WARMUP + RENDER_RUNS; run++) {
      const started = performance.now();
      await bundle.renderPage({ url: page, appConfig, fetchApi: replaying });
      const rendered = performance.now();
      await compressPage(served);
      if (run < RENDER_WARMUP) continue;
      renderMs.push(rendered - started);
      compressMs.push(performance.now() - rendered);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const compressed = await compressPage(served);
    pages.push({
      path: page,
      apiRequests: [...answers.keys()],
      renderMs: median(renderMs),
      compressMs: median(compressMs),
      // Compression runs on libuv's threads, counted here too.
      cpuMsPerPage: (cpu.user + cpu.system) / 1000 / (RENDER_WARMUP + RENDER_RUNS),
      htmlBytes: Buffer.byteLength(served),
      gzipBytes: compressed.gzip.length,
      brBytes: compressed.br.length,
    });
  }
  return pages;
}

async function main() {
  const database = openPostgres(databaseUrl, 4);
  await runMigrations(database, migrationsFolder);
  await createBenchCodes(database.db, CODES, 'PAGES');
  const server = await startBuiltServer(databaseUrl, 'pages');
  const { baseUrl, pid } = server;

  const htmlUrl = `${baseUrl}/booking-codes`;
  const listUrl = `${baseUrl}/api/booking-codes`;
  // fetch would decompress: the bytes on the wire are what the page cache keeps and sends.
  const gzipped = await wireBytes(htmlUrl, 'gzip');
  const html = gunzipSync(gzipped).toString();
  const listBody = await (await fetch(listUrl)).text();
  // The page lists the codes the JSON list answers (their ids are in the cards' heading ids).
  const listed = listBody.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  if (!html.includes('data-server-rendered') || !listed.some((id) => html.includes(`code-${id}-title`))) {
    throw new Error('/booking-codes did not come rendered with the codes its JSON list answers');
  }

  const page = await measuredLoad(pid, htmlUrl, BROWSER_ENCODING);
  const list = await measuredLoad(pid, listUrl, BROWSER_ENCODING);
  const listIdentity = await measuredLoad(pid, listUrl, 'identity');
  const renders = await coldRenders(baseUrl);

  server.stop();
  await database.close();
  const anomalies = [page, list, listIdentity].reduce((sum, load) => sum + load.errors + load.non2xx, 0);
  console.log(
    JSON.stringify({
      codes: CODES,
      connections: CONNECTIONS,
      acceptEncoding: BROWSER_ENCODING,
      page: { ...page, htmlBytes: Buffer.byteLength(html), gzipBytes: gzipped.length },
      list: { ...list, bytes: Buffer.byteLength(listBody) },
      listIdentity,
      renders,
      renderRuns: RENDER_RUNS,
      anomalies,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
