import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_SUBMIT_ATTRIBUTE } from '@cashtips/contract/plain/early-submit';

/**
 * How a rendered page loads the app (decision 018). Not through the `<script type="module">` and
 * `<link rel="modulepreload">` tags of index.html's head: a browser fetches those as soon as it reads
 * them, side by side with the rest of the page on a slow phone network, and may run them before the
 * page's first paint. A rendered page is readable without them, so it loads them after: one small
 * inline script at the end of the body waits until the page has been painted, then asks for the entry
 * and, at once, every chunk the page's route needs (from Vite's manifest), so that the screen's modules
 * download side by side instead of one lazy import after another.
 */

/** The id of the JSON block that tells the start script what to load. */
export const PAGE_SCRIPTS_ID = 'page-scripts';

/** How many preload links the start script adds per task: each costs the main thread a little. */
const PRELOADS_PER_TASK = 4;

/** An element, as far as the start script touches one. */
interface StartScriptElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  querySelector(selector: string): StartScriptElement | null;
  textContent: string | null;
  id: string;
  className: string;
}

/** The few browser features the start script uses (the server's types have no DOM). */
interface StartScriptBrowser {
  document: {
    getElementById(id: string): { textContent: string | null } | null;
    createElement(tag: 'link'): { rel: string; href: string };
    createElement(tag: 'p'): StartScriptElement;
    head: { append(node: unknown): void };
    body: { append(node: unknown): void };
    addEventListener(
      type: 'submit',
      listener: (event: { target: StartScriptElement | null; preventDefault(): void }) => void,
      capture: boolean,
    ): void;
  };
  requestAnimationFrame(callback: () => void): unknown;
  PerformanceObserver?: {
    new (
      callback: (list: { getEntries(): { name: string }[] }) => void,
    ): { observe(options: { type: string; buffered: boolean }): void; disconnect(): void };
    supportedEntryTypes?: readonly string[];
  };
}

/**
 * The start script, run in the browser (so it may only use what is defined inside it). It starts once
 * the browser reports the page's first contentful paint, i.e. once the page is on the screen: a frame
 * drawn is not yet shown (rasterised and presented later, late on a slow phone), and a request for the
 * app sent before that competes with the first paint (Lighthouse then counts the app's download in
 * the first paint, and the figures swing by half a second from run to run). Where paint timing is
 * missing, a timer after an animation frame (it runs once that frame is drawn); the last timer covers a
 * tab opened in the background, which paints nothing until it is shown. The preload links are added a
 * few per task: each one costs the main thread a request's set-up, and a page needs twenty or more.
 */
function startApp(scriptsId: string, perTask: number, earlySubmit: string): void {
  const { document, requestAnimationFrame, PerformanceObserver } =
    globalThis as unknown as StartScriptBrowser;
  const block = document.getElementById(scriptsId);
  if (!block?.textContent) return;
  const scripts = JSON.parse(block.textContent) as PageScripts;
  let started = false;
  const preload = (files: string[]) => {
    for (const file of files.slice(0, perTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.append(link);
    }
    if (files.length > perTask) setTimeout(() => preload(files.slice(perTask)));
  };
  // The chunks that do not need the app, each evaluated in a task of its own, then the app: all the
  // modules evaluated at once made one long task of a phone's main thread (Lighthouse's blocking time).
  const evaluate = (index: number) => {
    const file = scripts.early[index];
    if (file === undefined) {
      void import(scripts.entry);
      return;
    }
    import(file).then(
      () => setTimeout(() => evaluate(index + 1)),
      () => void import(scripts.entry),
    );
  };
  const start = () => {
    if (started) return;
    started = true;
    preload(scripts.preload);
    evaluate(0);
  };
  // A form sent before the app can handle it (a sign-in typed on a slow phone) is held, not sent the
  // browser's own way (a page load, its fields lost): marked pending, which shows its button busy
  // (index.css), said to screen readers by a status outside the app's markup (which must hydrate as
  // rendered), and sent by the app as soon as it has taken the form over. The app is asked for at once.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      const state = form?.getAttribute(earlySubmit);
      if (!form || (state !== 'waiting' && state !== 'pending')) return;
      event.preventDefault();
      if (state === 'waiting') {
        form.setAttribute(earlySubmit, 'pending');
        form.setAttribute('aria-busy', 'true');
        const status = document.createElement('p');
        status.id = `${earlySubmit}-status`;
        status.className = 'sr-only';
        status.setAttribute('role', 'status');
        document.body.append(status);
        const busy = form.querySelector('[data-busy]')?.getAttribute('data-busy') ?? '';
        setTimeout(() => {
          status.textContent = busy;
        }, 100);
      }
      start();
    },
    true,
  );
  if (PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      painted.disconnect();
      setTimeout(start);
    });
    painted.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
  setTimeout(start, 1000);
}

/**
 * The inline script itself: `startApp`'s source, called with the block's id, the preloads per task and
 * the attribute of the forms it may hold a submission of (contract `plain/early-submit.ts`).
 */
export const START_SCRIPT = `(${startApp.toString()})(${JSON.stringify(PAGE_SCRIPTS_ID)},${PRELOADS_PER_TASK},${JSON.stringify(EARLY_SUBMIT_ATTRIBUTE)})`;

/** The start script's hash, for the Content Security Policy's `script-src` (no other inline script runs). */
export const START_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

/** What a rendered page's start script loads: the entry module and the chunks to fetch beside it. */
export interface PageScripts {
  entry: string;
  preload: string[];
  /** Chunks the entry imports that import nothing of the app's: evaluated one by one before it. */
  early: string[];
}

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(distDir: string): BuildManifest | undefined {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

/**
 * The files (`/assets/…`) of the given modules' chunks and of every chunk they import statically. A
 * module missing from the build is an error: a renamed screen would otherwise quietly lose its preload.
 */
export function chunkFiles(manifest: BuildManifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build's manifest`);
    const file = `/${chunk.file}`;
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}

/**
 * The chunks the entry imports directly whose own imports never lead back to it (React and the other
 * libraries, code shared with no dependence on the app's entry), as `/assets/…` files, in the
 * manifest's order. Evaluating one early is evaluating it as its first importer would, only sooner.
 */
export function independentChunks(manifest: BuildManifest, entryKey = 'index.html'): string[] {
  const reachesEntry = (start: string) => {
    const seen = new Set([start]);
    const queue = [start];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      for (const imported of manifest[key]?.imports ?? []) {
        if (imported === entryKey) return true;
        if (!seen.has(imported)) {
          seen.add(imported);
          queue.push(imported);
        }
      }
    }
    return false;
  };
  return (manifest[entryKey]?.imports ?? [])
    .filter((key) => manifest[key] !== undefined && !reachesEntry(key))
    .map((key) => `/${manifest[key]?.file}`);
}

const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * index.html made into the frame of a rendered page: without the entry's script and preload tags (the
 * start script loads them, see above), and with the app's stylesheet written into it instead of linked.
 * A linked stylesheet holds the first paint until a second request has come back, a round trip of a slow
 * phone network; inlined, the page paints as soon as its HTML is there, and the screens the app shows
 * after hydration still find every style they use. Answers the frame and what the tags loaded.
 */
export function renderedPageFrame(
  indexHtml: string,
  readAsset: (href: string) => string,
): { html: string; entry: string; preload: string[] } {
  const entries = [...indexHtml.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
  if (entries.length !== 1) throw new Error(`index.html has ${entries.length} module scripts, not one`);
  const preload = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const html = indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, (_link, href: string) => {
      const css = readAsset(href);
      if (css.includes('</')) throw new Error(`${href} holds "</", which would end its <style> early`);
      // The disabled link is never fetched; it is there for the lazy-chunk loader, which adds a link to the
      // entry's stylesheet (a second copy, fetched and applied again) when it finds none.
      return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
    });
  return { html, entry: entries[0] as string, preload };
}
