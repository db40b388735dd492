import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short label for logs and outbox file names; never the content. */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

/** Real SMTP delivery (`smtp://user:pass@host:port`, or `smtps://` for implicit TLS). */
export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // STARTTLS is used whenever the server offers it; `?tls=off` skips it for a relay that
    // offers it badly. A relay on this very machine is trusted whatever its certificate (test
    // and sidecar relays often run self-signed or expired ones): the traffic never leaves the host.
    ignoreTLS: url.searchParams.get('tls') === 'off',
    tls: { rejectUnauthorized: !isLoopback(url.hostname) },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Lets mail rules (and tests) tell account codes from notification copies.
        headers: { 'X-CashTips-Kind': message.kind },
      });
      logger.info({ mail: message.kind, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP, mails are written to DATA_DIR/outbox as a real RFC 822 message (`.eml`) plus a
 * JSON copy for scripts. The log line names the file, never the content (it holds codes).
 */
export function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Lets mail rules (and tests) tell account codes from notification copies.
        headers: { 'X-CashTips-Kind': message.kind },
      });
      sequence += 1;
      const base = `${Date.now()}-${String(sequence).padStart(4, '0')}-${message.kind}`;
      await writeFile(path.join(outboxDir, `${base}.eml`), info.message as Buffer);
      await writeFile(
        path.join(outboxDir, `${base}.json`),
        JSON.stringify(
          {
            to: message.to,
            from,
            subject: message.subject,
            text: message.text,
            kind: message.kind,
            createdAt: new Date().toISOString(),
          },
          null,
          2,
        ),
      );
      logger.info(
        { mail: message.kind, file: `${base}.eml` },
        'mail written to outbox (SMTP_URL is not set)',
      );
    },
    close: () => {},
  };
}
