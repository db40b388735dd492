/**
 * The fake web push service of server/test/fake-push.ts (real protocol: VAPID checked, aes128gcm
 * decrypted) in a process of its own, forked by notifications.bench.ts: decrypting hundreds of
 * pushes a second must not share an event loop with the load generator or the socket clients.
 *
 * Started with the number of browsers to make (argv[2]), it sends the parent
 * { type: 'ready', origin, certificatePem, subscriptions }. Then:
 *   { type: 'await', title, count, timeoutMs }  answers once `count` pushes carrying `title` arrived
 *     (or on the timeout): how many, to how many endpoints, refusals, first and last arrival (epoch
 *     ms). Send it before the broadcast: what arrived earlier is not counted as received.
 *   { type: 'close' }  exits
 */
import { startFakePushService } from '../test/fake-push.ts';

type Command = { type: 'await'; title: string; count: number; timeoutMs: number } | { type: 'close' };

const browsers = Number(process.argv[2] ?? 0);
const service = await startFakePushService();
const subscriptions = Array.from({ length: browsers }, () => service.browser().subscription);
const send = (message: unknown) => process.send?.(message);
const epochNow = () => performance.timeOrigin + performance.now();

/** Per title: pushes, endpoints, first and last arrival (epoch ms, read every millisecond). */
const byTitle = new Map<string, { count: number; endpoints: Set<string>; firstAt: number; lastAt: number }>();
let seen = 0;
const watch = setInterval(() => {
  if (service.received.length === seen) return;
  const at = epochNow();
  for (const push of service.received.slice(seen)) {
    const title = byTitle.get(push.payload.title) ?? {
      count: 0,
      endpoints: new Set(),
      firstAt: at,
      lastAt: at,
    };
    title.count += 1;
    title.endpoints.add(push.endpointId);
    title.lastAt = at;
    byTitle.set(push.payload.title, title);
  }
  seen = service.received.length;
}, 1);

async function awaitPushes(command: Extract<Command, { type: 'await' }>) {
  const deadline = performance.now() + command.timeoutMs;
  const refusedBefore = service.refused.length;
  const receivedBefore = service.received.length;
  while ((byTitle.get(command.title)?.count ?? 0) < command.count && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // More than asked for would be duplicates: give them a moment to show up.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const pushes = byTitle.get(command.title);
  return {
    type: 'pushes',
    // Everything that arrived meanwhile, and those of this broadcast (decrypted, with its title).
    received: service.received.length - receivedBefore,
    matching: pushes?.count ?? 0,
    endpoints: pushes?.endpoints.size ?? 0,
    refused: service.refused.length - refusedBefore,
    refusals: service.refused.slice(refusedBefore, refusedBefore + 5),
    firstAt: pushes?.firstAt ?? 0,
    lastAt: pushes?.lastAt ?? 0,
  };
}

process.on('message', (command: Command) => {
  if (command.type === 'await') void awaitPushes(command).then(send);
  else {
    clearInterval(watch);
    void service.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', origin: service.origin, certificatePem: service.certificatePem, subscriptions });
