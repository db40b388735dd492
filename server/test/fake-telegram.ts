import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Telegram Bot API speaking its real protocol (INTEGRATIONS d): `POST
 * /bot<token>/<method>` with a JSON (or form) body, answers `{ ok: true, result }` or `{ ok: false,
 * error_code, description, parameters? }`. It implements what the app uses — getMe, deleteWebhook,
 * setWebhook, getUpdates (long polling: held until an update arrives or `timeout` passes, updates
 * below `offset` confirmed and forgotten, a second concurrent poll ends the first with 409 as
 * Telegram does), sendMessage (recorded; HTML checked the way Telegram parses it) — and switches a
 * test flips to make a chat answer 403 (blocked) or 429 (with retry_after).
 */

export interface TelegramUserShape {
  id: number;
  username?: string;
  first_name?: string;
}

export interface SentMessage {
  chatId: string;
  text: string;
  parseMode: string | undefined;
  buttons: { text: string; url?: string }[];
  at: number;
}

export interface PollCall {
  at: number;
  offset: number;
  timeout: number;
  /** The client's TCP port: polls from one process's keep-alive connection share it. */
  remotePort: number | undefined;
  /**
   * How the poll ended: answered with updates (at once or while held), held to its timeout, closed
   * by the client (an aborted request), or ended by a later poll (409, two pollers at once).
   */
  ended?: { by: 'updates' | 'timeout' | 'client' | 'conflict'; at: number };
}

interface PendingPoll {
  call: PollCall;
  offset: number;
  limit: number;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

interface Update {
  update_id: number;
  message: Record<string, unknown>;
}

const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-emoji',
]);

/** Telegram's HTML parse mode: only its tags, balanced; `&` only as an entity; `<` only for a tag. */
function htmlProblem(text: string): string | undefined {
  const stack: string[] = [];
  const pattern = /<(\/?)([a-z-]+)(\s[^<>]*)?>|&(#\d+|#x[0-9a-f]+|[a-z]+);|[<>&]/gi;
  for (const match of text.matchAll(pattern)) {
    const [whole, closing, tag, , entity] = match;
    if (entity !== undefined) {
      if (!/^(lt|gt|amp|quot|#\d+|#x[0-9a-f]+)$/i.test(entity)) return `unsupported entity ${whole}`;
      continue;
    }
    if (!tag) return `unescaped ${whole} at ${match.index}`;
    const name = tag.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return `unsupported start tag "${name}" at ${match.index}`;
    if (closing) {
      if (stack.pop() !== name) return `unmatched end tag "${name}"`;
    } else {
      stack.push(name);
    }
  }
  return stack.length ? `unclosed tag "${stack.at(-1)}"` : undefined;
}

export async function startFakeTelegram(options: { token: string; botUsername: string }) {
  const updates: Update[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let pending: PendingPoll | undefined;
  let webhook: { url: string; secretToken: string | undefined } | undefined;
  const sent: SentMessage[] = [];
  const polls: PollCall[] = [];
  const calls: { method: string; at: number }[] = [];
  /** Concurrent getUpdates calls: each means two pollers at once. */
  let conflicts = 0;
  const blocked = new Set<string>();
  const rateLimited = new Map<string, { times: number; retryAfter: number }>();
  const refusedSends: { chatId: string; errorCode: number; at: number }[] = [];
  const messageWaiters: (() => void)[] = [];

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, result: unknown) => answer(res, 200, { ok: true, result });
  const fail = (res: ServerResponse, errorCode: number, description: string, parameters?: object) =>
    answer(res, errorCode, {
      ok: false,
      error_code: errorCode,
      description,
      ...(parameters ? { parameters } : {}),
    });

  const deliverable = (offset: number, limit: number) =>
    updates.filter((update) => update.update_id >= offset).slice(0, limit);

  const flushPending = () => {
    if (!pending) return;
    const ready = deliverable(pending.offset, pending.limit);
    if (!ready.length) return;
    const poll = pending;
    pending = undefined;
    clearTimeout(poll.timer);
    poll.call.ended = { by: 'updates', at: Date.now() };
    ok(poll.res, ready);
  };

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const type = String(req.headers['content-type'] ?? '');
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    if (!raw) return query;
    if (type.includes('application/json'))
      return { ...query, ...(JSON.parse(raw) as Record<string, unknown>) };
    const form: Record<string, unknown> = { ...query };
    for (const [key, value] of new URLSearchParams(raw)) {
      try {
        form[key] = JSON.parse(value);
      } catch {
        form[key] = value;
      }
    }
    return form;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return fail(res, 404, 'Not Found');
      const [, token, method = ''] = match;
      let body: Record<string, unknown>;
      try {
        body = await readBody(req);
      } catch {
        return fail(res, 400, 'Bad Request: invalid JSON');
      }
      if (token !== options.token) return fail(res, 401, 'Unauthorized');
      calls.push({ method, at: Date.now() });
      switch (method) {
        case 'getMe':
          return ok(res, {
            id: 4242,
            is_bot: true,
            first_name: 'CashTips',
            username: options.botUsername,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          });
        case 'deleteWebhook':
          webhook = undefined;
          if (body.drop_pending_updates === true) updates.length = 0;
          return ok(res, true);
        case 'setWebhook':
          webhook = {
            url: String(body.url ?? ''),
            secretToken: body.secret_token === undefined ? undefined : String(body.secret_token),
          };
          return ok(res, true);
        case 'getUpdates': {
          if (webhook) {
            return fail(
              res,
              409,
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            );
          }
          const offset = Number(body.offset ?? 0);
          const limit = Math.min(100, Math.max(1, Number(body.limit ?? 100)));
          const timeout = Math.max(0, Number(body.timeout ?? 0));
          const call: PollCall = { at: Date.now(), offset, timeout, remotePort: req.socket.remotePort };
          polls.push(call);
          // Confirming: updates below the offset are forgotten.
          if (offset > 0) {
            for (let index = updates.length - 1; index >= 0; index--) {
              if ((updates[index] as Update).update_id < offset) updates.splice(index, 1);
            }
          }
          if (pending) {
            // Telegram ends the earlier request when another one arrives.
            conflicts += 1;
            const earlier = pending;
            pending = undefined;
            clearTimeout(earlier.timer);
            earlier.call.ended = { by: 'conflict', at: Date.now() };
            fail(
              earlier.res,
              409,
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
            );
          }
          const ready = deliverable(offset, limit);
          if (ready.length || timeout === 0) {
            call.ended = { by: ready.length ? 'updates' : 'timeout', at: Date.now() };
            return ok(res, ready);
          }
          const poll: PendingPoll = {
            call,
            offset,
            limit,
            res,
            timer: setTimeout(() => {
              if (pending === poll) pending = undefined;
              call.ended = { by: 'timeout', at: Date.now() };
              ok(res, []);
            }, timeout * 1000),
          };
          pending = poll;
          res.on('close', () => {
            if (pending === poll) {
              clearTimeout(poll.timer);
              pending = undefined;
              call.ended = { by: 'client', at: Date.now() };
            }
          });
          return;
        }
        case 'sendMessage': {
          const chatId = String(body.chat_id ?? '');
          const text = String(body.text ?? '');
          if (!chatId) return fail(res, 400, 'Bad Request: chat_id is empty');
          if (!text.trim()) return fail(res, 400, 'Bad Request: message text is empty');
          if (blocked.has(chatId)) {
            refusedSends.push({ chatId, errorCode: 403, at: Date.now() });
            return fail(res, 403, 'Forbidden: bot was blocked by the user');
          }
          const limited = rateLimited.get(chatId);
          if (limited && limited.times > 0) {
            limited.times -= 1;
            refusedSends.push({ chatId, errorCode: 429, at: Date.now() });
            return fail(res, 429, `Too Many Requests: retry after ${limited.retryAfter}`, {
              retry_after: limited.retryAfter,
            });
          }
          const parseMode = body.parse_mode === undefined ? undefined : String(body.parse_mode);
          if (parseMode === 'HTML') {
            const problem = htmlProblem(text);
            if (problem) return fail(res, 400, `Bad Request: can't parse entities: ${problem}`);
          }
          const markup = body.reply_markup as
            | { inline_keyboard?: { text: string; url?: string }[][] }
            | undefined;
          const buttons = markup?.inline_keyboard?.flat() ?? [];
          for (const button of buttons) {
            if (button.url && !/^https:\/\//.test(button.url)) {
              return fail(res, 400, 'Bad Request: BUTTON_URL_INVALID');
            }
          }
          sent.push({ chatId, text, parseMode, buttons, at: Date.now() });
          for (const wake of messageWaiters.splice(0)) wake();
          return ok(res, {
            message_id: nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: /^-?\d+$/.test(chatId)
              ? { id: Number(chatId), type: Number(chatId) < 0 ? 'channel' : 'private' }
              : { id: -1001234567890, type: 'channel', username: chatId.replace(/^@/, '') },
            text,
          });
        }
        default:
          return fail(res, 404, 'Not Found: method not found');
      }
    })().catch((error: unknown) => fail(res, 500, `Internal Server Error: ${String(error)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Waits until a message matching `predicate` has been sent (or fails after `ms`). */
  const waitForMessage = async (predicate: (message: SentMessage) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = sent.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no such Telegram message within ${ms} ms; sent: ${JSON.stringify(sent)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        messageWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    polls,
    calls,
    refusedSends,
    get conflicts() {
      return conflicts;
    },
    get webhook() {
      return webhook;
    },
    /** Whether a long poll is being held open right now. */
    get polling() {
      return pending !== undefined;
    },
    /** The long poll held open right now, if any. */
    get heldPoll(): PollCall | undefined {
      return pending?.call;
    },
    /** A private message from `from` (a command, a code): queued for getUpdates. Answers its update. */
    userSays(from: TelegramUserShape, text: string, chatType: 'private' | 'group' = 'private') {
      const update: Update = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat:
            chatType === 'private'
              ? {
                  id: from.id,
                  type: 'private',
                  first_name: from.first_name ?? 'Ada',
                  username: from.username,
                }
              : { id: -5000 - from.id, type: 'group', title: 'Tipsters' },
          from: {
            id: from.id,
            is_bot: false,
            first_name: from.first_name ?? 'Ada',
            ...(from.username ? { username: from.username } : {}),
            language_code: 'en',
          },
          text,
          ...(text.startsWith('/')
            ? { entities: [{ offset: 0, length: text.split(/\s/)[0]?.length ?? 1, type: 'bot_command' }] }
            : {}),
        },
      };
      updates.push(update);
      flushPending();
      return update;
    },
    /** The update as Telegram would post it to a webhook (not queued for polling). */
    updateFrom(from: TelegramUserShape, text: string): Update {
      return {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: {
            id: from.id,
            type: 'private',
            first_name: from.first_name ?? 'Ada',
            username: from.username,
          },
          from: { id: from.id, is_bot: false, first_name: from.first_name ?? 'Ada', username: from.username },
          text,
          ...(text.startsWith('/')
            ? { entities: [{ offset: 0, length: text.split(/\s/)[0]?.length ?? 1, type: 'bot_command' }] }
            : {}),
        },
      };
    },
    messagesTo(chatId: string | number) {
      return sent.filter((message) => message.chatId === String(chatId));
    },
    waitForMessage,
    /** The next message to `chatId` after the `after`-th one (default: after those sent so far). */
    async nextMessageTo(
      chatId: string | number,
      after = sent.filter((m) => m.chatId === String(chatId)).length,
    ) {
      await waitForMessage(() => sent.filter((m) => m.chatId === String(chatId)).length > after);
      return sent.filter((m) => m.chatId === String(chatId))[after] as SentMessage;
    },
    /** The chat answers 403 from now on, as when the user blocked the bot. */
    block(chatId: string | number) {
      blocked.add(String(chatId));
    },
    /** The next `times` sends to the chat answer 429 with `retry_after`. */
    rateLimit(chatId: string | number, times: number, retryAfter: number) {
      rateLimited.set(String(chatId), { times, retryAfter });
    },
    async close() {
      if (pending) {
        clearTimeout(pending.timer);
        ok(pending.res, []);
        pending = undefined;
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
