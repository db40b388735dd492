import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, type Plugin, searchForWorkspaceRoot, type UserConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// Resolved through Node so it works wherever npm hoisted the packages.
const flagsDir = join(dirname(require.resolve('country-flag-icons/package.json')), '3x2');
const reactRouterDir = dirname(require.resolve('react-router/package.json'));
// socket.io-client's own browser bundle: self-contained, so the bundler adds no module-namespace helper that
// would otherwise be split out of the React chunk into one more file the landing page loads. The tests use it
// too, which keeps them on the global WebSocket (their fake server) instead of the Node build's `ws`.
const socketIoClientBundle = join(
  dirname(require.resolve('socket.io-client/package.json')),
  'dist/socket.io.esm.min.js',
);

/**
 * Zod compiles fast object parsers with `new Function`, probing first whether eval is allowed; under
 * our Content Security Policy (no 'unsafe-eval') the probe is refused, and the browser reports a CSP
 * violation on every page with a form. Zod's `jitless` setting skips both, but it must be set before
 * any schema is built, and the schemas are built as their modules load: so the web build starts
 * zod's global configuration with it. The server keeps the compiled parsers.
 */
function zodWithoutEval(): Plugin {
  const initial = '(_a.__zod_globalConfig = {})';
  return {
    name: 'cashtips-zod-without-eval',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      // An upgrade that renames this line must not silently bring the CSP reports back.
      if (!code.includes(initial)) throw new Error(`zod's global configuration changed shape in ${id}`);
      return code.replace(initial, '(_a.__zod_globalConfig = { jitless: true })');
    },
  };
}

/**
 * React Router's production build keeps every component it defines, used or not: each is made by a
 * top-level call (`var Link = React10.forwardRef(...)`, `React.createContext(...)`, `React3.memo(...)`)
 * that the bundler cannot prove pure, and named for React DevTools by a top-level property write
 * (`Link.displayName = "Link";`), which is a side effect. So the router's own Link with its
 * route-module prefetching, NavLink, Form, the framework context and more sat in the `react` chunk
 * that the landing page loads (decision 003), although the app uses its own Link
 * (components/ui/link.tsx). This marks those calls pure and drops the DevTools names, so that
 * tree-shaking takes out what nothing imports. An upgrade that stops matching fails the build.
 */
function reactRouterTreeShakable(): Plugin {
  const topLevelDisplayName = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
  const topLevelReactCall = /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
  return {
    name: 'cashtips-react-router-tree-shakable',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      // The chunk that defines the components; the others have none of this.
      if (!code.includes('\nvar Link = ')) return null;
      const shakable = code
        .replace(topLevelReactCall, '$1/* @__PURE__ */ $2')
        .replace(topLevelDisplayName, '');
      if (!shakable.includes('var Link = /* @__PURE__ */') || shakable.includes('Link.displayName')) {
        throw new Error(`react-router's production build changed shape in ${id}`);
      }
      return { code: shakable, map: null };
    },
  };
}

/**
 * The screens a visitor can open besides the landing page (PRODUCT 14: the auth pages, the code list,
 * free and past tips, live, the policies, a page that does not exist), and the route table they all
 * load. A public screen added to session-routes.tsx belongs here, or it loads the `signed-in` chunk as
 * soon as it shares a module with the dashboard (`npm run bench -- pages` and
 * e2e/public-chunks.e2e.test.ts catch that for the pages they visit).
 */
const publicScreens = [
  'session-routes',
  ...[
    'public-layout',
    'login',
    'register',
    'forgot-password',
    'reset-password',
    'verify-otp',
    'booking-codes',
    'free-tips',
    'past-tips',
    'live',
    'terms',
    'privacy',
    'responsible-gambling',
    'not-found',
  ].map((screen) => `routes/${screen}`),
].map((name) => `/src/app/${name}.tsx`);

/**
 * A signed-in screen's first paint (the app layout and the dashboard, with everything they import
 * statically), less any module the landing page can load, in two chunks (decision 003): `public-shared`,
 * the part a public screen imports too (the API client, the session, the query cache, the footer), and
 * `signed-in`, the rest. Split automatically they were ~35 files of a few hundred bytes each, and on a
 * phone over slow 4G, HTTP/1.1's six connections per host took a round trip per handful of files; as
 * one chunk, every public page loaded all of it for the few modules it shares with the dashboard.
 * Landing modules are everything reachable from the entry without entering session-routes.tsx (every
 * other screen); leaving them out keeps the landing page's files as they are. Read from the module
 * graph once it is complete, before chunks are made.
 */
const signedInModules = new Set<string>();
const publicSharedModules = new Set<string>();
function collectFirstPaintModules(): Plugin {
  const reachable = (
    graph: {
      getModuleInfo(
        id: string,
      ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
    },
    roots: string[],
    followDynamic: (id: string) => boolean,
  ) => {
    const seen = new Set<string>();
    const pending = [...roots];
    while (pending.length) {
      const id = pending.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      pending.push(...info.importedIds, ...info.dynamicallyImportedIds.filter(followDynamic));
    }
    return seen;
  };
  return {
    name: 'cashtips-first-paint-modules',
    // Chunks are the browser's concern; a server-side bundle of the same screens has its own graph.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const landing = reachable(
        this,
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        (id) => !/[\\/]app[\\/]session-routes\.tsx$/.test(id),
      );
      const firstPaint = reachable(
        this,
        ids.filter((id) => /[\\/]app[\\/]routes[\\/](app-layout|dashboard)\.tsx$/.test(id)),
        () => false,
      );
      const publicRoots = publicScreens.map((screen) => {
        const id = ids.find((candidate) => candidate.replaceAll('\\', '/').endsWith(screen));
        // A renamed screen would silently put its modules back into `signed-in`.
        if (!id) throw new Error(`the public screen ${screen} is not in the build (vite.config.ts)`);
        return id;
      });
      const publicModules = reachable(this, publicRoots, () => false);
      signedInModules.clear();
      publicSharedModules.clear();
      for (const id of firstPaint) {
        if (landing.has(id) || contractSchemaModules.has(id)) continue;
        (publicModules.has(id) ? publicSharedModules : signedInModules).add(id);
      }
    },
  };
}

/**
 * The contract's modules that build zod schemas. Zod and the schemas cost the browser real work as they
 * load (every schema built at once: ~0.5 s of a throttled phone's main thread for all of them), so they
 * stay out of the chunks every page loads (`public-shared`, `signed-in`, `contract-plain`) and go with
 * the forms and screens that import them. A contract module without zod (texts, labels, formatting
 * rules: packages/contract/src/plain/, lagos-time.ts, ...) goes into `contract-plain`. The modules only
 * admin screens or the phone field use are in neither: they go with their own chunks.
 */
const contractSchemaModules = new Set<string>();
const contractModulesOfTheirOwn =
  /packages[\\/]contract[\\/]src[\\/](admin|markets|phone|register|profile-update)\.ts$/;
function collectContractSchemaModules(): Plugin {
  return {
    name: 'cashtips-contract-schema-modules',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildEnd() {
      contractSchemaModules.clear();
      for (const id of this.getModuleIds()) {
        if (!/packages[\\/]contract[\\/]src[\\/]/.test(id) || contractModulesOfTheirOwn.test(id)) continue;
        const imports = this.getModuleInfo(id)?.importedIds ?? [];
        if (imports.some((imported) => /node_modules[\\/]zod[\\/]/.test(imported)))
          contractSchemaModules.add(id);
      }
    },
  };
}

// `npm run dev` runs the API on :3000; API_PORT points the dev server at another one (two checkouts side by side).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const proxy = {
  '/api': { target: apiTarget },
  '/socket.io': { target: apiTarget, ws: true },
};

export default defineConfig(
  ({ command, isSsrBuild }: ConfigEnv): UserConfig => ({
    root: here,
    plugins: [
      react(),
      tailwindcss(),
      zodWithoutEval(),
      reactRouterTreeShakable(),
      // First: collectFirstPaintModules leaves the schema modules it finds out of its two chunks.
      collectContractSchemaModules(),
      collectFirstPaintModules(),
    ],
    resolve: {
      alias: [
        { find: '@flags', replacement: flagsDir },
        { find: /^socket\.io-client$/, replacement: socketIoClientBundle },
        // react-router's package exports always point at its development build (extra warnings, bigger);
        // production builds use the production one.
        ...(command === 'build'
          ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }]
          : []),
      ],
    },
    // The flag SVGs live in the workspace's hoisted node_modules, outside this package.
    server: { proxy, fs: { allow: [searchForWorkspaceRoot(here)] } },
    preview: { proxy },
    // The server's renderer (entry-server.tsx, decision 018): one self-contained file with React's production
    // build inlined, so the API server needs nothing from web/node_modules to render a page.
    ...(isSsrBuild
      ? {
          ssr: { noExternal: true },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        }
      : {}),
    build: isSsrBuild
      ? {
          ssr: 'src/entry-server.tsx',
          outDir: 'dist-server',
          emptyOutDir: true,
          target: 'node20',
          copyPublicDir: false,
          rolldownOptions: { output: { codeSplitting: false } },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          // dist/.vite/manifest.json: which chunks each route module needs, for the server's rendered pages to
          // have the browser fetch them all at once (decision 018).
          manifest: true,
          // Every supported browser has modulepreload; the polyfill would only add bytes to the entry.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Named groups of modules (first match wins). Zod has a chunk of its own; the contract's schema
                // modules go with the screens that import them (a sign-in form builds its own few schemas, no
                // public page that only shows things loads zod at all). The phone rule and the two requests
                // that carry it (sign-up, profile save) with the phone metadata (~29 KB gzip) load only with
                // the screens that ask for a phone; the admin schemas only with the admin area.
                groups: [
                  // React, its DOM renderer and the router in one chunk of their own, named for what it is:
                  // every page needs it, it changes only with an upgrade (so browsers keep it across
                  // deploys), and the automatic splitting otherwise moved part of it out of the entry into
                  // one more file whenever a new lazy screen used the router (decision 003).
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  },
                  // The icons the landing page draws, the app's links, the offline banner and the service
                  // worker's registration, in one small chunk: shared with signed-in screens, each would
                  // otherwise become a file of its own, and every file costs the landing page its own bytes
                  // of wrapping (its budget has no room for that).
                  {
                    name: 'landing-shared',
                    test: /(components[\\/]ui[\\/](icons[\\/](outline|chevron-down-icon|layers-icon|shield-icon|spark-icon|telegram-icon|ticket-icon)|link)|components[\\/]layout[\\/]offline-banner|lib[\\/]offline[\\/]register-service-worker)\.tsx?$/,
                  },
                  // Zod alone: the schema modules go with the forms and screens that use them, so that a sign-in
                  // form builds its own few schemas, not every one the app has (see collectContractSchemaModules).
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                  // The toast host, loaded after the first paint: named for what it is (its package folder is `dist`).
                  { name: 'toasts', test: /node_modules[\\/](react-hot-toast|goober)[\\/]/ },
                  // A signed-in screen's first paint in two files (see collectFirstPaintModules): what public
                  // screens share with it, then the rest. Their imports from landing modules (and `signed-in`'s
                  // from `public-shared`) stay where they are: not pulled in, or the landing page would load
                  // `public-shared` and every public page `signed-in`.
                  {
                    name: 'public-shared',
                    test: (id: string) => publicSharedModules.has(id),
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'signed-in',
                    test: (id: string) => signedInModules.has(id),
                    includeDependenciesRecursively: false,
                  },
                  // The contract's other zod-free modules (screen texts, labels, the live-score and tip rules) in
                  // one small file rather than a file each beside the screens that import them.
                  {
                    name: 'contract-plain',
                    test: (id: string) =>
                      /packages[\\/]contract[\\/]src[\\/]/.test(id) &&
                      !contractSchemaModules.has(id) &&
                      !contractModulesOfTheirOwn.test(id),
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
  }),
);
