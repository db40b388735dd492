import type { AddressInfo } from 'node:net';
import type { ServerToClientEvents } from '@cashtips/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUpAndLogin, type TestApp } from '../../test/test-app.ts';

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

function connect(token?: string): Promise<Socket<ServerToClientEvents>> {
  const socket: Socket<ServerToClientEvents> = io(baseUrl, {
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
});
