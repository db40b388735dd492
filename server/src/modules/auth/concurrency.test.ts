import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/fake-smtp.ts';
import { buildTestApp, registrationBody, type TestApp, uniqueEmail } from '../../../test/test-app.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

// Meaningful on a real PostgreSQL (`npm run test:pg`); on PGlite everything is serialised.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

describe('concurrent requests', () => {
  it('one code used by ten requests at once verifies exactly once', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody(email) });
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    const statuses = await times(10, () =>
      t.app
        .inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } })
        .then((r) => r.statusCode),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      statuses.filter((status) => status !== 200).every((status) => status === 400 || status === 409),
    ).toBe(true);
  });

  it('twelve wrong guesses at once are all counted and void the code at five', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody(email) });
    const otp = codeFrom(await t.smtp.lastMailTo(email));
    const wrong = otp === '000000' ? '111111' : '000000';
    await times(12, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: wrong } }),
    );
    const [code] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(code?.attempts).toBe(5);
    expect(code?.consumedAt).not.toBeNull();
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp },
    });
    expect(right.statusCode).toBe(400);
  });

  it('one email registered eight times at once makes one account and sends one code', async () => {
    const email = uniqueEmail();
    const statuses = await times(8, () =>
      t.app
        .inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody(email) })
        .then((r) => r.statusCode),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(t.smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('a rate limit of 5 lets exactly 5 of 30 simultaneous hits through', async () => {
    const limiter = new RateLimiter(t.database.db, t.clock);
    const results = await times(30, () => limiter.hit({ key: 'burst', limit: 5, windowSeconds: 60 }));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('several processes bootstrapping the admin at once create one account', async () => {
    const outcomes = await times(5, () =>
      t.app.services.auth.ensureAdmin({ email: 'root@example.com', password: 'R00t!Secret' }),
    );
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'root@example.com'))).toHaveLength(
      1,
    );
  });
});
