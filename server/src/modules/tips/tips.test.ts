import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tipMessages } from '@cashtips/contract/tips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { storeOdds } from '../football/market-odds.ts';

let t: TestApp;
let admin: { token: string };
let content: ReturnType<typeof contentFor>;

let webDir: string;
let webIndex: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-web-'));
  webIndex = path.join(webDir, 'index.html');
  writeFileSync(
    webIndex,
    '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp(adminEnv, { webDistDir: webDir });
  // 22:00 UTC on 23 Nov is 23:00 in Lagos; 23:30 UTC is already the next Lagos day.
  t.clock.advance(Date.parse('2026-11-23T22:00:00Z') - t.clock.now().getTime());
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

interface Tip {
  _id: string;
  teams: string;
  date: string;
  time: string;
  status: string;
  prediction: string;
  score: { home: number; away: number } | null;
}

describe('free tips', () => {
  it("lists today's Lagos tips to anyone, and a 23:30 UTC kickoff is tomorrow's", async () => {
    const late = teams('Late');
    const evening = teams('Evening');
    // 22:15 UTC is 23:15 in Lagos today; 23:30 UTC is 00:30 in Lagos tomorrow.
    await content.freeTip({
      teamA: evening.home,
      teamB: evening.away,
      prediction: 'Home win',
      inHours: 0.25,
    });
    await content.freeTip({ teamA: late.home, teamB: late.away, prediction: 'Over 1.5 goals', inHours: 1.5 });
    const today = await get('/api/tips?type=free');
    expect(today.statusCode).toBe(200);
    const list = today.json() as Tip[];
    expect(list.map((tip) => tip.teams)).toContain(`${evening.home} vs ${evening.away}`);
    expect(list.map((tip) => tip.teams)).not.toContain(`${late.home} vs ${late.away}`);
    expect(list.find((tip) => tip.teams.startsWith(evening.home))).toMatchObject({
      date: '2026-11-23',
      time: '23:15',
      status: 'Pending',
      prediction: 'Home win',
    });
    t.clock.advance(3600_000);
    const tomorrow = (await get('/api/tips')).json() as Tip[];
    expect(tomorrow.map((tip) => tip.teams)).toContain(`${late.home} vs ${late.away}`);
    expect((await get('/api/tips?type=premium')).statusCode).toBe(400);
  });

  it('past tips are the settled and earlier ones, newest first, paged, with the record computed from results', async () => {
    const before = (await get('/api/tips/past')).json();
    const results: [number, number][] = [
      [2, 0],
      [1, 0],
      [3, 1],
      [0, 1],
      [1, 0],
      [2, 2],
    ];
    const created: string[] = [];
    for (const [index] of results.entries()) {
      const fixture = teams(`Past${index}`);
      const tip = await content.freeTip({
        teamA: fixture.home,
        teamB: fixture.away,
        prediction: 'Home win',
        inHours: -30 + index,
      });
      created.push(tip.matchId);
    }
    // Home wins: four won, two lost (0-1 and 2-2).
    for (const [index, [home, away]] of results.entries()) {
      const answer = await content.recordResult(created[index] as string, {
        homeGoals: home,
        awayGoals: away,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const page = await get('/api/tips/past?limit=3');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.record).toMatchObject({
      won: before.record.won + 4,
      lost: before.record.lost + 2,
    });
    const { won, lost } = body.record;
    expect(body.record.successRate).toBe(Math.round((won / (won + lost)) * 1000) / 10);
    expect(body.tips).toHaveLength(3);
    expect(page.headers['x-total-count']).toBe(String(body.total));
    expect(body.totalPages).toBe(Math.ceil(body.total / 3));
    const kickoffs = (body.tips as { kickoff: string }[]).map((tip) => tip.kickoff);
    expect([...kickoffs].sort().reverse()).toEqual(kickoffs);
    // Yesterday's unsettled tip leads (latest kickoff), then the latest settled one: 2-2, a lost home win.
    expect(body.tips[0]).toMatchObject({ status: 'Pending', date: '2026-11-23' });
    expect(body.tips[1]).toMatchObject({ status: 'Lost', score: { home: 2, away: 2 } });
    expect((await get('/api/tips/past?page=0')).statusCode).toBe(400);
    expect((await get('/api/tips/past?limit=1000')).statusCode).toBe(400);
  });

  it('the record is New below 5 settled tips, and void counts in neither side', async () => {
    const fresh = await buildTestApp(adminEnv);
    try {
      const freshAdmin = await loginAdmin(fresh);
      const fresher = contentFor(fresh, freshAdmin.token);
      const scores: ([number, number] | 'void')[] = [[1, 0], [1, 0], [1, 0], [0, 1], 'void'];
      for (const [index, score] of scores.entries()) {
        const fixture = teams(`Record${index}`);
        const tip = await fresher.freeTip({
          teamA: fixture.home,
          teamB: fixture.away,
          prediction: 'Home win',
          inHours: -5,
        });
        await fresher.recordResult(
          tip.matchId,
          score === 'void' ? { status: 'void' } : { homeGoals: score[0], awayGoals: score[1] },
        );
      }
      const record = (await fresh.app.inject({ method: 'GET', url: '/api/tips/past' })).json().record;
      expect(record).toMatchObject({ won: 3, lost: 1, pending: 0, successRate: null });
      const fifth = teams('Record5');
      const tip = await fresher.freeTip({
        teamA: fifth.home,
        teamB: fifth.away,
        prediction: 'Home win',
        inHours: -5,
      });
      await fresher.recordResult(tip.matchId, { homeGoals: 2, awayGoals: 0 });
      const after = (await fresh.app.inject({ method: 'GET', url: '/api/tips/record' })).json();
      expect(after.record).toMatchObject({ won: 4, lost: 1, successRate: 80 });
      expect(after.windows).toEqual([
        { days: 30, won: 4, lost: 1, successRate: 80 },
        { days: 90, won: 4, lost: 1, successRate: 80 },
      ]);
      expect(after.weeks.at(-1)).toMatchObject({ runningRate: 80 });
    } finally {
      await fresh.close();
    }
  });

  it('the record at the published odds: the return with its 90% interval from 30 settled, the closing-line value of priced tips', async () => {
    const fresh = await buildTestApp(adminEnv);
    try {
      const freshAdmin = await loginAdmin(fresh);
      const fresher = contentFor(fresh, freshAdmin.token);
      // 20 won and 10 lost at 1.50: returns 1.5 ×20 and 0 ×10, mean 1.0 (0.0%); sample sd 0.7192;
      // half width 1.6449 × 0.7192 ÷ √30 = 0.2160: −21.6% to +21.6%.
      for (let index = 0; index < 30; index++) {
        const fixture = teams(`Priced${index}`);
        const tip = await fresher.freeTip({
          teamA: fixture.home,
          teamB: fixture.away,
          prediction: 'Home win',
          inHours: -5,
          odds: 1.5,
        });
        if (index === 0) {
          // The first tip's match was priced by two bookmakers before kickoff: its closing price is 1.25.
          await storeOdds(
            fresh.database.db,
            ['Bet9ja', 'SportyBet'].map((bookmaker) => ({
              matchId: tip.matchId,
              bookmaker,
              updatedAt: new Date(fresh.clock.now().getTime() - 6 * 3_600_000),
              home: 1.25,
              draw: 10,
              away: 10,
            })),
            fresh.clock.now(),
          );
        }
        const recorded = await fresher.recordResult(tip.matchId, {
          homeGoals: index < 20 ? 1 : 0,
          awayGoals: index < 20 ? 0 : 1,
        });
        expect(recorded.statusCode, recorded.body).toBe(200);
      }
      const { record } = (await fresh.app.inject({ method: 'GET', url: '/api/tips/record' })).json();
      expect(record).toMatchObject({
        settled: 30,
        won: 20,
        lost: 10,
        void: 0,
        winRate: 66.7,
        successRate: 66.7,
        roi: 0,
        roiLow: -21.6,
        roiHigh: 21.6,
        // 1.50 ÷ 1.25 − 1 = +20%, but one priced tip is too few to show.
        clv: null,
        clvCount: 1,
      });
    } finally {
      await fresh.close();
    }
  });

  it('admins post, edit, settle and delete free tips; anyone else is refused', async () => {
    const fixture = teams('Admin');
    const tip = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      prediction: 'Draw',
      inHours: 3,
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tips/${tip._id}`,
      headers: bearer(admin.token),
      payload: { prediction: 'BTTS', totalOdds: 1.8, note: 'Both attack well' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().tip).toMatchObject({ prediction: 'BTTS', totalOdds: 1.8, matchId: tip.matchId });
    const settle = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/tips/${tip._id}/settle`,
        headers: bearer(admin.token),
        payload,
      });
    expect((await settle({ result: 'won' })).json().tip.status).toBe('Won');
    expect((await settle({ result: 'lost' })).statusCode).toBe(422);
    expect((await settle({ result: 'lost', reason: 'Goal disallowed late' })).json().tip.status).toBe('Lost');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tips',
      headers: bearer(admin.token),
      payload: { teamA: 'A', teamB: 'B', league: 'L', kickoff: 'tomorrow', prediction: '', totalOdds: 0.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['kickoff', 'prediction', 'totalOdds']);
    const user = await signUpAndLogin(t);
    expect((await get('/api/admin/tips', user.token)).statusCode).toBe(403);
    expect((await get('/api/admin/tips')).statusCode).toBe(401);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/tips/${tip._id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/admin/tips/${tip._id}`, admin.token)).statusCode).toBe(404);
  });

  it("takes an optional type 'free' on posting and editing, and refuses any other type naming the field", async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/tips', headers: bearer(admin.token), payload });
    const game = (label: string) => {
      const fixture = teams(label);
      return {
        teamA: fixture.home,
        teamB: fixture.away,
        league: 'Premier League',
        kickoff: content.kickoff(4),
        prediction: 'Home win',
        totalOdds: 1.7,
      };
    };
    const typed = await post({ ...game('Typed'), type: 'free' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().tip).toMatchObject({ prediction: 'Home win', totalOdds: 1.7 });
    const untyped = await post(game('Untyped'));
    expect(untyped.statusCode, untyped.body).toBe(201);

    const premium = await post({ ...game('Premium'), type: 'vip' });
    expect(premium.statusCode).toBe(400);
    expect(premium.json().errors).toEqual([{ field: 'type', message: tipMessages.onlyFreeType }]);

    const id = typed.json().tip._id as string;
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/tips/${id}`, headers: bearer(admin.token), payload });
    const edited = await patch({ type: 'free', totalOdds: 1.75 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().tip.totalOdds).toBe(1.75);
    const retyped = await patch({ type: 'premium' });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().errors).toEqual([{ field: 'type', message: tipMessages.onlyFreeType }]);
  });
});

describe('site settings and the landing page', () => {
  it('the landing figures are measured or set, shown beside the verified record, also in the page itself', async () => {
    const site = (await get('/api/site')).json();
    // Measured (site.test.ts has the rules); satisfaction cannot be, so it is hidden until set.
    expect(site.figures).toMatchObject({ satisfaction: null });
    expect(JSON.stringify(site.figures)).not.toContain('500,000');
    expect(site.record.map((window: { days: number }) => window.days)).toEqual([30, 90]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin.token),
      payload: {
        figures: { satisfaction: '9 in 10' },
        community: { whatsapp: 'https://chat.whatsapp.com/AbCdEf123' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().settings.figures).toEqual({ users: null, accuracy: null, satisfaction: '9 in 10' });
    expect((await get('/api/site')).json()).toMatchObject({
      figures: { satisfaction: '9 in 10' },
      community: { whatsapp: 'https://chat.whatsapp.com/AbCdEf123' },
    });
    const page = await get('/');
    const config = JSON.parse(
      /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}',
    );
    expect(config).toMatchObject({
      stats: { satisfaction: '9 in 10' },
      whatsappUrl: 'https://chat.whatsapp.com/AbCdEf123',
    });
    // The tips settled by the past-tips test above fall in both windows.
    expect(config.recordLine).toMatch(
      /^\d+(\.\d)?% won over the last 30 days \(\d+ of \d+ settled\) · .* over the last 90 days/,
    );
    expect(Array.isArray(config.freeTips)).toBe(true);

    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin.token),
      payload: { community: { whatsapp: 'http://evil.example/x' }, figures: { users: '' } },
    });
    expect(refused.statusCode).toBe(400);
    const user = await signUpAndLogin(t);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: bearer(user.token),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    const audit = (await get('/api/admin/audit-log?action=site.update', admin.token)).json();
    expect(audit.entries[0]).toMatchObject({ action: 'site.update', after: { satisfaction: '9 in 10' } });
  });

  it("previews today's free tips still to kick off first on the landing page", async () => {
    const fresh = await buildTestApp(adminEnv, { webDistDir: path.dirname(webIndex) });
    try {
      // 09:00 UTC: 10:00 in Lagos.
      const freshAdmin = await loginAdmin(fresh);
      const freshContent = contentFor(fresh, freshAdmin.token);
      const played = teams('Morning');
      const later = teams('Evening');
      await freshContent.freeTip({
        teamA: played.home,
        teamB: played.away,
        prediction: 'Draw',
        inHours: -0.5,
      });
      await freshContent.freeTip({ teamA: later.home, teamB: later.away, prediction: 'Draw', inHours: 9 });
      const page = await fresh.app.inject({ method: 'GET', url: '/' });
      const config = JSON.parse(/id="app-config">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}');
      expect(config.freeTips.map((tip: { teams: string }) => tip.teams)).toEqual([
        `${later.home} vs ${later.away}`,
        `${played.home} vs ${played.away}`,
      ]);
    } finally {
      await fresh.close();
    }
  });
});
