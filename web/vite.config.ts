import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, searchForWorkspaceRoot, type UserConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// Resolved through Node so it works wherever npm hoisted the packages.
const flagsDir = join(dirname(require.resolve('country-flag-icons/package.json')), '3x2');
const reactRouterDir = dirname(require.resolve('react-router/package.json'));

const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget },
  '/socket.io': { target: apiTarget, ws: true },
};

export default defineConfig(
  ({ command }: ConfigEnv): UserConfig => ({
    root: here,
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@flags', replacement: flagsDir },
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
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every supported browser has modulepreload; the polyfill would only add bytes to the entry.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // zod and the shared schemas get a chunk of their own (auth forms only), with a telling name.
            groups: [{ name: 'contract', test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]/ }],
          },
        },
      },
    },
  }),
);
