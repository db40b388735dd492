import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The app's X-CashTips-Kind header: `otp-verify`, `otp-reset`, `notification`. */
  kind: string;
}

/** Notification copies arrive whenever a job runs; the helpers below look at account mails only. */
const isAccountMail = (mail: ReceivedMail) => mail.kind !== 'notification';

/**
 * A real SMTP server on loopback that keeps what it receives: the app sends through its real
 * nodemailer transport, as it would to a provider.
 */
export async function startFakeSmtp(options: { failWith?: () => string | undefined } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onData(stream, session, callback) {
      const failure = options.failWith?.();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failure) return callback(Object.assign(new Error(failure), { responseCode: 451 }));
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              kind: String(mail.headers.get('x-cashtips-kind') ?? ''),
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received,
    /** How many mails this address has received so far. */
    countTo(address: string): number {
      return received.filter((item) => item.to.includes(address) && isAccountMail(item)).length;
    },
    /**
     * The newest mail to this address, waiting briefly for it to arrive. With `after`, waits for a
     * mail beyond the first `after` ones (mails sent after an answer arrive after that answer).
     */
    async lastMailTo(
      address: string,
      options: { after?: number; timeoutMs?: number } = {},
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const mails = received.filter((item) => item.to.includes(address) && isAccountMail(item));
        const mail = mails.length > (options.after ?? 0) ? mails.at(-1) : undefined;
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** The notification copies mailed to this address. */
    notificationsTo(address: string): ReceivedMail[] {
      return received.filter((item) => item.to.includes(address) && item.kind === 'notification');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeFrom(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1];
}
