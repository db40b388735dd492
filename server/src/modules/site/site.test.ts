import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figureMessages } from '@cashtips/contract/site';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  registrationBody,
  signUpAndLogin,
  type TestApp,
  uniqueEmail,
} from '../../../test/test-app.ts';

/*
 * The landing page's figures (PRODUCT 13, "Honest figures"): measured unless an admin sets them, an
 * admin's figure never above the measured one, satisfaction hidden unless set.
 */

let t: TestApp;
let webDir: string;
let adminToken: string;
let content: ReturnType<typeof contentFor>;

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const put = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(adminToken), payload });
const shown = async () => (await get('/api/site')).json().figures;
const report = async () => (await get('/api/admin/settings', adminToken)).json();
/** The figures in the config the server writes into the page. */
const pageStats = async () => {
  const page = await get('/');
  expect(page.body).not.toContain('500,000');
  const config = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page.body)?.[1];
  return JSON.parse(config ?? '{}').stats;
};
/** Past the one minute verified accounts are counted for. */
const nextMinute = () => t.clock.advance(61_000);

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-figures-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp(adminEnv, { webDistDir: webDir });
  // Settings as an install saved them before figures were measured: the form sent the three defaults
  // back with any change, and an admin had typed 50,000+.
  await t.database.db.execute(sql`
    insert into site_settings (key, value, updated_at) values ('site', ${JSON.stringify({
      figures: { users: '50,000+', accuracy: '85%+', satisfaction: '98%' },
      community: { telegram: 'https://t.me/CashTipsNG', whatsapp: null },
    })}::jsonb, now())`);
  adminToken = (await loginAdmin(t)).token;
  content = contentFor(t, adminToken);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('landing figures', () => {
  it('shows nothing it cannot measure, and never the figures typed before they were measured', async () => {
    expect(await shown()).toEqual({ users: null, accuracy: null, satisfaction: null });
    expect(await pageStats()).toEqual({ users: null, accuracy: null, satisfaction: null });
    const admin = await report();
    // The old defaults read as not set; the admin's own 50,000+ is kept but is above the measure.
    expect(admin.settings.figures).toEqual({ users: '50,000+', accuracy: null, satisfaction: null });
    expect(admin.figures).toEqual({
      users: { measured: null, shown: null, setAboveMeasured: true },
      accuracy: { measured: null, shown: null, setAboveMeasured: false },
      satisfaction: { measured: null, shown: null, setAboveMeasured: false },
    });
  });

  it('counts verified open accounts only, rounded down to two significant figures, at most once a minute', async () => {
    await signUpAndLogin(t);
    await signUpAndLogin(t);
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationBody(uniqueEmail('unverified')),
    });
    expect(unverified.statusCode, unverified.body).toBe(201);
    // Counted a minute ago (none); the two sign-ups show once the minute is over.
    expect((await shown()).users).toBeNull();
    nextMinute();
    expect((await shown()).users).toBe('2+');

    // 1,232 more verified accounts, beside closed and unverified ones that do not count: 1,234 → 1,200+.
    const bulk = (count: number, label: string, verified: boolean, closed: boolean) =>
      t.database.db.execute(sql`
        insert into users (email, phone, first_name, last_name, password_hash, referral_code, email_verified_at, closed_at)
        select ${label} || g || '@example.com', '2348031234567', 'Bulk', 'User', 'x', upper(${label}) || g,
               case when ${verified} then now() end, case when ${closed} then now() end
        from generate_series(1, ${count}) g`);
    await bulk(1_232, 'verified', true, false);
    await bulk(40, 'closed', true, true);
    await bulk(40, 'waiting', false, false);
    nextMinute();
    expect((await shown()).users).toBe('1,200+');
    expect((await report()).figures.users).toEqual({
      measured: '1,200+',
      shown: '1,200+',
      setAboveMeasured: true,
    });
  });

  it('measures accuracy from the free tips settled over 90 days, hidden below 5 settled', async () => {
    const scores: [number, number][] = [
      [1, 0],
      [2, 0],
      [0, 1],
      [3, 1],
    ];
    for (const [index, [home, away]] of scores.entries()) {
      const game = teams(`Figure${index}`);
      const tip = await content.freeTip({
        teamA: game.home,
        teamB: game.away,
        prediction: 'Home win',
        inHours: -3 - index,
      });
      await content.recordResult(tip.matchId, { homeGoals: home, awayGoals: away });
    }
    // 3 won, 1 lost: fewer than 5 settled, no public rate.
    expect((await shown()).accuracy).toBeNull();
    const fifth = teams('Figure4');
    const tip = await content.freeTip({
      teamA: fifth.home,
      teamB: fifth.away,
      prediction: 'Home win',
      inHours: -8,
    });
    await content.recordResult(tip.matchId, { homeGoals: 0, awayGoals: 2 });
    // 3 won, 2 lost over the 90 days the record line counts too.
    expect((await shown()).accuracy).toBe('60%');
    expect((await get('/api/tips/record')).json().windows).toContainEqual({
      days: 90,
      won: 3,
      lost: 2,
      successRate: 60,
    });
    expect((await pageStats()).accuracy).toBe('60%');
  });

  it('takes an admin figure at or below the measured one, refuses one above (422) or without a number (400)', async () => {
    const atMeasured = await put({ figures: { users: '1,200+', accuracy: '60%' } });
    expect(atMeasured.statusCode, atMeasured.body).toBe(200);
    expect(atMeasured.json().figures.users).toEqual({
      measured: '1,200+',
      shown: '1,200+',
      setAboveMeasured: false,
    });
    const below = await put({ figures: { users: '1k+', accuracy: '55%+' } });
    expect(below.statusCode, below.body).toBe(200);
    expect(await shown()).toEqual({ users: '1k+', accuracy: '55%+', satisfaction: null });
    expect(await pageStats()).toEqual({ users: '1k+', accuracy: '55%+', satisfaction: null });

    const tooMany = await put({ figures: { users: '1,300+' } });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: figureMessages.usersAbove('1,200+'),
      errors: [{ field: 'figures.users', message: figureMessages.usersAbove('1,200+') }],
    });
    expect(tooMany.json().message).toContain('1,200+ verified accounts');
    const tooAccurate = await put({ figures: { accuracy: '85%+' } });
    expect(tooAccurate.statusCode).toBe(422);
    expect(tooAccurate.json().errors).toEqual([
      { field: 'figures.accuracy', message: figureMessages.accuracyAbove('60%') },
    ]);
    expect(tooAccurate.json().message).toContain('60% of free tips won over the last 90 days');
    const words = await put({ figures: { users: 'Thousands' } });
    expect(words.statusCode).toBe(400);
    expect(words.json().errors).toEqual([
      { field: 'figures.users', message: 'Include the number, e.g. 1,000+.' },
    ]);
    // Nothing refused was saved.
    expect(await shown()).toEqual({ users: '1k+', accuracy: '55%+', satisfaction: null });

    // Empty is the measured figure again.
    const cleared = await put({ figures: { users: '' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().settings.figures.users).toBeNull();
    expect((await shown()).users).toBe('1,200+');
    expect((await pageStats()).users).toBe('1,200+');

    const audit = (await get('/api/admin/audit-log?action=site.update', adminToken)).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'site.update',
      before: { users: '1k+' },
      after: { users: null },
    });
  });

  it('hides satisfaction until an admin sets it', async () => {
    expect((await shown()).satisfaction).toBeNull();
    const set = await put({ figures: { satisfaction: '4.6/5 (212 reviews)' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await shown()).satisfaction).toBe('4.6/5 (212 reviews)');
    expect((await pageStats()).satisfaction).toBe('4.6/5 (212 reviews)');
    await put({ figures: { satisfaction: null } });
    expect((await shown()).satisfaction).toBeNull();
  });

  it('drops accuracy when nothing is settled in the last 90 days, and with it an admin’s accuracy figure', async () => {
    t.clock.advance(91 * 24 * 3600_000);
    adminToken = (await loginAdmin(t)).token;
    expect((await shown()).accuracy).toBeNull();
    expect((await report()).figures.accuracy).toEqual({
      measured: null,
      shown: null,
      setAboveMeasured: true,
    });
    const refused = await put({ figures: { accuracy: '50%' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(figureMessages.accuracyAbove(null));
    expect((await shown()).users).toBe('1,200+');
  });
});
