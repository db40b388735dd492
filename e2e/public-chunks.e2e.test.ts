import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../web/src/config/paths.ts';
import { callApi, verifiedAccount } from './support/api.ts';
import { chromiumArgs, chromiumPath, openSettled } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * A visitor's page loads none of the signed-in code (decision 003): not the `signed-in` chunk, the
 * part of the dashboard's first paint no public screen shares, nor the admin area. The chunking that
 * decides it (web/vite.config.ts) follows the module graph, so a public screen that starts importing
 * a signed-in module, or a new public screen missing from its list, shows up here.
 */

const assets = fileURLToPath(new URL('../web/dist/assets', import.meta.url));
const signedInChunk = /^signed-in-[\w-]+\.js$/;
const adminChunk = /^admin[\w-]*\.js$/;

// The server-rendered public pages are walked by e2e/server-rendering.e2e.test.ts with the same check;
// these are the other addresses a visitor may open, rendered in the browser only.
const publicPages = [`${paths.resetPassword}?email=ada.obi%40example.com`, paths.verifyOtp, '/no-such-page'];

const admin = { email: 'chunks.admin@example.com', password: 'Chunk5!Admin' };

let server: RunningApp;
let browser: Browser;

beforeAll(async () => {
  server = await startApp({ SEED_DEMO: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The file names of the scripts one page load fetched (fresh context: nothing cached), once its
 * heading showed and the network fell quiet; with a session, signed in as that account.
 */
async function scriptsOf(address: string, session?: { token: string; user: unknown }): Promise<string[]> {
  const context = await browser.newContext();
  try {
    if (session) {
      await context.addInitScript((stored) => {
        window.localStorage.setItem('token', stored.token);
        window.localStorage.setItem('user', JSON.stringify(stored.user));
      }, session);
    }
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await openSettled(page, `${server.url}${address}`);
    return scripts;
  } finally {
    await context.close();
  }
}

describe('the chunks a page loads', () => {
  it('the build has the signed-in and admin chunks this test looks for', () => {
    const files = readdirSync(assets);
    expect(files.filter((file) => signedInChunk.test(file))).toHaveLength(1);
    expect(files.filter((file) => adminChunk.test(file)).length).toBeGreaterThan(0);
  });

  it('no public page loads a signed-in or admin chunk', async () => {
    const loaded: Record<string, string[]> = {};
    // A few at a time: each mostly waits for the network to fall quiet.
    const pending = [...publicPages];
    const visit = async () => {
      for (let address = pending.shift(); address !== undefined; address = pending.shift()) {
        const scripts = await scriptsOf(address);
        // A page that loaded nothing of the app would pass for the wrong reason.
        expect(scripts.length, address).toBeGreaterThan(2);
        loaded[address] = scripts.filter((file) => signedInChunk.test(file) || adminChunk.test(file));
      }
    };
    await Promise.all([visit(), visit(), visit(), visit()]);
    expect(loaded).toEqual(Object.fromEntries(publicPages.map((address) => [address, []])));
  }, 180_000);

  it('while the signed-in dashboard loads the signed-in chunk, and the admin area its own', async () => {
    const user = await verifiedAccount(server, {
      email: `chunks.${Date.now()}@example.com`,
      password: 'Chunk5!Signed-in',
      firstName: 'Ngozi',
    });
    const dashboard = await scriptsOf(paths.dashboard, user);
    expect(dashboard.filter((file) => signedInChunk.test(file))).toHaveLength(1);
    expect(dashboard.filter((file) => adminChunk.test(file))).toEqual([]);

    const adminSession = await callApi<{ token: string; user: unknown }>(
      server,
      'POST',
      '/api/auth/login',
      admin,
    );
    const adminArea = await scriptsOf(paths.admin, adminSession);
    expect(adminArea.filter((file) => adminChunk.test(file)).length).toBeGreaterThan(0);
  }, 90_000);
});
