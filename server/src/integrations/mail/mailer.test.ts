import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer.ts';

const silentLogger = { info: () => {}, error: () => {}, warn: () => {} } as unknown as Parameters<
  typeof createSmtpMailer
>[2];

const servers: SMTPServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function relay(options: { requireAuth?: boolean } = {}) {
  const received: Array<{ user: string | null; secure: boolean }> = [];
  // smtp-server's defaults: STARTTLS offered with its built-in (expired) certificate.
  const server = new SMTPServer({
    logger: false,
    authOptional: !options.requireAuth,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret')
        return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push({ user: (session.user as string | false | undefined) || null, secure: session.secure });
        callback();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received };
}

const message = {
  to: 'ada@example.com',
  subject: 'Code',
  text: '123456',
  html: '<p>123456</p>',
  kind: 'otp-verify',
};

describe('SMTP mailer', () => {
  it('upgrades to TLS when a local relay offers it, even with a self-made certificate', async () => {
    const { port, received } = await relay();
    await createSmtpMailer(`smtp://127.0.0.1:${port}`, 'CashTips <no-reply@example.com>', silentLogger).send(
      message,
    );
    expect(received).toEqual([{ user: null, secure: true }]);
  });

  it('signs in with the credentials in the URL', async () => {
    const { port, received } = await relay({ requireAuth: true });
    await createSmtpMailer(
      `smtp://mailer:s3cret@127.0.0.1:${port}`,
      'no-reply@example.com',
      silentLogger,
    ).send(message);
    expect(received[0]?.user).toBe('mailer');
    await expect(
      createSmtpMailer(`smtp://mailer:wrong@127.0.0.1:${port}`, 'no-reply@example.com', silentLogger).send(
        message,
      ),
    ).rejects.toThrow(/Invalid username or password/);
  });

  it('skips STARTTLS with ?tls=off', async () => {
    const { port, received } = await relay();
    await createSmtpMailer(`smtp://127.0.0.1:${port}?tls=off`, 'no-reply@example.com', silentLogger).send(
      message,
    );
    expect(received).toEqual([{ user: null, secure: false }]);
  });
});
