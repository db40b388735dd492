import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PAGE_SCRIPTS_ID, type PageScripts, START_SCRIPT } from './page-scripts.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What `web/src/entry-server.tsx` exports (built by `vite build --ssr` into web/dist-server/). */
export interface PageBundle {
  renderPage(request: {
    url: string;
    appConfig: Record<string, unknown>;
    fetchApi: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; state: unknown; complete: boolean }>;
}

/** The server renderer beside a web build (`web/dist` → `web/dist-server/entry-server.js`), when built. */
export async function loadPageBundle(distDir: string): Promise<PageBundle | undefined> {
  const file = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const bundle = (await import(pathToFileURL(file).href)) as Partial<PageBundle>;
  return typeof bundle.renderPage === 'function' ? (bundle as PageBundle) : undefined;
}

/** A rendered page, ready to send in each encoding a browser may ask for. */
export interface RenderedHtml {
  html: string;
  gzip: Buffer;
  br: Buffer;
}

/** `</` cannot appear in the JSON, so a data block cannot close its script tag early. */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;
const ROOT = '<div id="root"></div>';

/**
 * A rendered page's frame (`renderedPageFrame`) with the page in it: the page's own head tags instead of
 * the site's title and description, the app config, the rendered markup inside `#root` (marked so the
 * browser hydrates it), the data it was rendered from, and the script that loads the app once it is painted.
 */
export function assemblePage(
  frame: string,
  parts: { head: string; configTag: string; root: string; state: unknown; scripts: PageScripts },
): string {
  if (!frame.includes(ROOT)) throw new Error('index.html has no empty #root to render into');
  return frame
    .replace(TITLE, '')
    .replace(DESCRIPTION, '')
    .replace('<!--app-config-->', () => `${parts.head}${parts.configTag}`)
    .replace(
      ROOT,
      () =>
        `<div id="root" data-server-rendered>${parts.root}</div>${jsonScript('server-state', parts.state)}` +
        `${jsonScript(PAGE_SCRIPTS_ID, parts.scripts)}<script>${START_SCRIPT}</script>`,
    );
}

export async function compressPage(html: string): Promise<RenderedHtml> {
  const [gz, br] = await Promise.all([
    gzipAsync(html, { level: 9 }),
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // Quality 5: ~1% larger than 9 for a tenth of the time (measured 1–3 ms against 17–42 ms a page).
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
  ]);
  return { html, gzip: gz, br };
}

interface Entry {
  expiresAt: number;
  page: Promise<RenderedHtml | null>;
}

/** How long a rendered page is reused when nothing this process knows of changed it. */
export const PAGE_TTL_MS = 10_000;
/** A page rendered without part of its data (a failed answer) is tried again sooner. */
const INCOMPLETE_TTL_MS = 1_000;
const MAX_ENTRIES = 200;

/**
 * Rendered public pages, kept per address until a change clears them (the same changes that clear the
 * public lists' caches) or `PAGE_TTL_MS` passes (changes made by another process, the clock moving on
 * to the next match). Concurrent requests for a page being rendered share that render. A failed
 * render is not kept: the caller logs it and sends the plain app shell, and the next request tries again.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get(
    key: string,
    render: () => Promise<{ html: string; complete: boolean } | null>,
  ): Promise<RenderedHtml | null> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.page;
    const generation = this.generation;
    const entry: Entry = { expiresAt: Number.POSITIVE_INFINITY, page: Promise.resolve(null) };
    entry.page = render().then(
      async (rendered) => {
        if (!rendered) {
          this.forget(key, entry);
          return null;
        }
        const page = await compressPage(rendered.html);
        // A change during the render may not be in it: it is sent to the requests that waited, not kept.
        if (generation !== this.generation) this.forget(key, entry);
        else entry.expiresAt = this.now() + (rendered.complete ? PAGE_TTL_MS : INCOMPLETE_TTL_MS);
        return page;
      },
      (error: unknown) => {
        this.forget(key, entry);
        throw error;
      },
    );
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry.page;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private forget(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}

/**
 * The one query parameter a public page reads while rendering, with the one value it acts on (the code
 * list's money-back filter is on for `1` only; any other value renders as the plain list).
 */
const RENDERED_PARAMS: Record<string, Readonly<Record<string, string>>> = {
  '/booking-codes': { moneyBack: '1' },
};

/**
 * The address a public page is rendered and cached under: its path and only the query parameters it
 * reads, so `?ref=…` or any made-up parameter shares the page's one rendering instead of forcing new ones.
 */
export function renderedUrl(pathname: string, search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(RENDERED_PARAMS[pathname] ?? {})) {
    if (search.get(name) === value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
