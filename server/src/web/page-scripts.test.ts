import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../bootstrap.ts';
import {
  type BuildManifest,
  chunkFiles,
  independentChunks,
  renderedPageFrame,
  START_SCRIPT,
  START_SCRIPT_CSP_SOURCE,
} from './page-scripts.ts';
import { publicPagePaths, routeModules } from './public-pages.ts';

/** index.html as `vite build` writes it (the entry, its preloads, the stylesheet). */
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>CashTips</title>
    <!--app-config-->
    <script type="module" crossorigin src="/assets/index-AAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBB.js">
    <link rel="modulepreload" crossorigin href="/assets/landing-shared-CCC.js">
    <link rel="stylesheet" crossorigin href="/assets/index-DDD.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the frame of a rendered page', () => {
  it('takes the entry and its preloads out of the head and writes the stylesheet into it', () => {
    const frame = renderedPageFrame(builtIndex, (href) => {
      expect(href).toBe('/assets/index-DDD.css');
      return '.p-4{padding:1rem}';
    });
    expect(frame.entry).toBe('/assets/index-AAA.js');
    expect(frame.preload).toEqual(['/assets/react-BBB.js', '/assets/landing-shared-CCC.js']);
    expect(frame.html).not.toContain('<script');
    expect(frame.html).not.toContain('modulepreload');
    expect(frame.html).toContain('<style>.p-4{padding:1rem}</style>');
    // Still named, never fetched: the lazy-chunk loader finds it and adds no second copy.
    expect(frame.html).toContain('<link rel="stylesheet" href="/assets/index-DDD.css" disabled>');
    expect(frame.html).toContain('<div id="root"></div>');
  });

  it('refuses a stylesheet that would end its <style> early, and an index.html without one entry', () => {
    expect(() => renderedPageFrame(builtIndex, () => 'a::after{content:"</style>"}')).toThrow(/<\//);
    expect(() => renderedPageFrame(builtIndex.replace(/<script[^\n]*\n/, ''), () => '')).toThrow(
      /0 module scripts/,
    );
  });
});

describe('the chunks a page asks for', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-AAA.js', imports: ['_react-BBB.js'] },
    '_react-BBB.js': { file: 'assets/react-BBB.js' },
    '_shared-EEE.js': { file: 'assets/shared-EEE.js', imports: ['_react-BBB.js', 'index.html'] },
    'src/app/session-routes.tsx': {
      file: 'assets/session-routes-FFF.js',
      imports: ['_shared-EEE.js', 'index.html'],
    },
    'src/app/routes/free-tips.tsx': { file: 'assets/free-tips-GGG.js', imports: ['_shared-EEE.js'] },
  };

  it('are the route modules’ chunks and everything they import, each once', () => {
    expect(chunkFiles(manifest, ['src/app/session-routes.tsx', 'src/app/routes/free-tips.tsx'])).toEqual([
      '/assets/session-routes-FFF.js',
      '/assets/shared-EEE.js',
      '/assets/react-BBB.js',
      '/assets/index-AAA.js',
      '/assets/free-tips-GGG.js',
    ]);
  });

  it('fails for a route module the build does not have (a renamed screen)', () => {
    expect(() => chunkFiles(manifest, ['src/app/routes/gone.tsx'])).toThrow(/gone\.tsx is not in/);
  });

  it('names route modules that exist in the web app, for every public page', () => {
    const webRoot = path.join(serverRoot, '..', 'web');
    for (const pagePath of publicPagePaths) {
      const modules = routeModules(pagePath);
      expect(modules.length, pagePath).toBeGreaterThan(0);
      for (const module of modules) expect(existsSync(path.join(webRoot, module)), module).toBe(true);
    }
  });
});

describe('the chunks evaluated before the entry', () => {
  it('are the entry’s imports that never lead back to it, however far or through a cycle', () => {
    const manifest: BuildManifest = {
      'index.html': {
        file: 'assets/index-AAA.js',
        imports: ['_runtime-RRR.js', '_react-BBB.js', '_cycle-CCC.js', '_shared-EEE.js', '_far-FFF.js'],
      },
      '_runtime-RRR.js': { file: 'assets/runtime-RRR.js' },
      '_react-BBB.js': { file: 'assets/react-BBB.js', imports: ['_runtime-RRR.js'] },
      // Through a cycle: cycle → loop → cycle … and loop → the entry.
      '_cycle-CCC.js': { file: 'assets/cycle-CCC.js', imports: ['_loop-LLL.js'] },
      '_loop-LLL.js': { file: 'assets/loop-LLL.js', imports: ['_cycle-CCC.js', 'index.html'] },
      '_shared-EEE.js': { file: 'assets/shared-EEE.js', imports: ['_react-BBB.js', 'index.html'] },
      // Two steps away.
      '_far-FFF.js': { file: 'assets/far-FFF.js', imports: ['_react-BBB.js', '_shared-EEE.js'] },
    };
    expect(independentChunks(manifest)).toEqual(['/assets/runtime-RRR.js', '/assets/react-BBB.js']);
  });
});

describe('the start script', () => {
  it('is allowed by the Content Security Policy through its own hash', () => {
    const hash = createHash('sha256').update(START_SCRIPT).digest('base64');
    expect(START_SCRIPT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    // No line of it may close the <script> it is written into.
    expect(START_SCRIPT).not.toContain('</');
  });
});
