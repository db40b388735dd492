import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@cashtips/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUpAndLogin, type TestApp, usingPostgres } from '../../test/test-app.ts';
import { startApp } from '../bootstrap.ts';
import { openPostgres } from '../db/client.ts';

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

function connect(token?: string, url = baseUrl): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: Socket<ServerToClientEvents>,
  event: E,
  ms = 1500,
) {
  return new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    socket.once(
      event as 'wallet',
      ((payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never,
    );
  });
}

describe('realtime', () => {
  it("delivers a user's event to that user's sockets only, and public events to everyone", async () => {
    const ada = await signUpAndLogin(t);
    const bayo = await signUpAndLogin(t);
    const adaSocket = await connect(ada.token);
    const bayoSocket = await connect(bayo.token);
    const visitor = await connect();

    const adaGets = nextEvent(adaSocket, 'wallet');
    const bayoGets = nextEvent(bayoSocket, 'wallet', 500);
    const visitorGets = nextEvent(visitor, 'wallet', 500);
    t.app.services.realtime.publish({ kind: 'user', userId: ada.userId }, 'wallet', {
      mainWallet: 1500,
      bonusWallet: 0,
    });
    expect(await adaGets).toEqual({ mainWallet: 1500, bonusWallet: 0 });
    expect(await bayoGets).toBeUndefined();
    expect(await visitorGets).toBeUndefined();

    const everyone = [adaSocket, bayoSocket, visitor].map((socket) => nextEvent(socket, 'live-activity'));
    t.app.services.realtime.publish({ kind: 'public' }, 'live-activity', {
      type: 'bookingCode',
      id: 'c1',
      count: 3,
    });
    for (const received of await Promise.all(everyone)) {
      expect(received).toEqual({ type: 'bookingCode', id: 'c1', count: 3 });
    }
  });

  it('reaches every socket of a crowd with public events, in the order they were published', async () => {
    // More sockets than one slice (250), so the events go out over several turns of the event loop.
    const crowd = await Promise.all(Array.from({ length: 320 }, () => connect()));
    const received = crowd.map(() => [] as string[]);
    crowd.forEach((socket, index) => {
      socket.on('live-activity', (event) => received[index]?.push(event.id));
    });
    for (const id of ['first', 'second', 'third']) {
      t.app.services.realtime.publish({ kind: 'public' }, 'live-activity', {
        type: 'bookingCode',
        id,
        count: 1,
      });
    }
    const deadline = Date.now() + 5000;
    while (received.some((ids) => ids.length < 3) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received.every((ids) => ids.join() === 'first,second,third')).toBe(true);
    for (const socket of crowd) socket.close();
  });

  it('refuses a socket with a tampered token', async () => {
    const { token } = await signUpAndLogin(t);
    await expect(connect(`${token}x`)).rejects.toThrow(/Session expired/);
  });

  it('logout disconnects the sockets of that session', async () => {
    const { token } = await signUpAndLogin(t);
    const socket = await connect(token);
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await disconnected).toBe('io server disconnect');
  });

  // Events cross processes as NOTIFYs, gathered per turn of the event loop into one statement.
  it.runIf(usingPostgres())(
    'events published together on one process reach a socket on another process, all and in order',
    async () => {
      if (t.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const secondDatabase = openPostgres(String(t.database.pool.options.connectionString), 4);
      const second = await startApp(t.config, { database: secondDatabase, clock: t.clock });
      try {
        await second.listen({ port: 0, host: '127.0.0.1' });
        const socket = await connect(
          undefined,
          `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`,
        );
        const received: number[] = [];
        const allReceived = new Promise<void>((resolve) => {
          socket.on('live-activity', (event) => {
            received.push((event as { count: number }).count);
            if (received.length === 12) resolve();
          });
        });
        // The second process's LISTEN may still be starting: publish until it hears, then the batch.
        for (let attempt = 0; attempt < 50 && received.length === 0; attempt++) {
          t.app.services.realtime.publish({ kind: 'public' }, 'live-activity', {
            type: 'bookingCode',
            id: 'warm-up',
            count: 0,
          });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        received.length = 0;
        for (let count = 1; count <= 12; count++) {
          t.app.services.realtime.publish({ kind: 'public' }, 'live-activity', {
            type: 'bookingCode',
            id: 'batch',
            count,
          });
        }
        await Promise.race([allReceived, new Promise((resolve) => setTimeout(resolve, 3000))]);
        expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      } finally {
        await second.close();
      }
    },
  );
  it.runIf(usingPostgres())(
    'a break taken on one process silences broadcasts to the user’s socket on another until it ends, not public events',
    async () => {
      if (t.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const user = await signUpAndLogin(t);
      const secondDatabase = openPostgres(String(t.database.pool.options.connectionString), 4);
      const second = await startApp(t.config, { database: secondDatabase, clock: t.clock });
      try {
        await second.listen({ port: 0, host: '127.0.0.1' });
        const socket = await connect(
          user.token,
          `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`,
        );
        const heard: string[] = [];
        socket.on('live-activity', (event) => heard.push((event as { id: string }).id));
        const publish = (kind: 'public' | 'broadcast', id: string) =>
          t.app.services.realtime.publish({ kind }, 'live-activity', { type: 'bookingCode', id, count: 1 });
        // The second process's LISTEN may still be starting: publish until it hears.
        for (let attempt = 0; attempt < 50 && heard.length === 0; attempt++) {
          publish('public', 'warm-up');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(heard).toContain('warm-up');

        const timeOut = await t.app.inject({
          method: 'POST',
          url: '/api/users/me/time-out',
          headers: bearer(user.token),
          payload: { days: 1 },
        });
        expect(timeOut.statusCode, timeOut.body).toBe(200);
        // Every message crosses in the order it was sent: once the public one arrives, the
        // broadcast before it has been dealt with.
        heard.length = 0;
        publish('broadcast', 'during');
        publish('public', 'public-during');
        await expect.poll(() => heard, { timeout: 5000 }).toContain('public-during');
        expect(heard).toEqual(['public-during']);

        t.clock.advance(24 * 3_600_000 + 1000);
        heard.length = 0;
        publish('broadcast', 'after');
        publish('public', 'public-after');
        await expect.poll(() => heard, { timeout: 5000 }).toContain('public-after');
        expect(heard).toEqual(['after', 'public-after']);
      } finally {
        await second.close();
      }
    },
  );
});
