/**
 * Load at a fixed rate (open loop) over a fixed number of keep-alive connections. Request i is due
 * at start + i / rate whatever happened to earlier ones, and its latency counts from that moment:
 * a server that falls behind is charged for the queue it causes (no coordinated omission), unlike
 * a closed-loop generator, whose latency at N connections is only N divided by the throughput.
 */
import http from 'node:http';

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  requests: number;
  offeredPerSecond: number;
  /** Completed requests per second, from the first due time to the last answer. */
  achievedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

export function pacedLoad(options: {
  baseUrl: string;
  connections: number;
  perSecond: number;
  requests: number;
  request: (index: number) => PacedRequest;
}): Promise<PacedResult> {
  const { hostname, port } = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const intervalMs = 1000 / options.perSecond;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let finished = 0;
  let lastAnswerAt = 0;
  const startAt = performance.now() + 20;

  return new Promise((resolve) => {
    const settle = () => {
      finished += 1;
      if (finished < options.requests) return;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({
        requests: options.requests,
        offeredPerSecond: options.perSecond,
        achievedPerSecond: (finished / (lastAnswerAt - startAt)) * 1000,
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        maxMs: latencies[latencies.length - 1] ?? 0,
        non2xx,
        errors,
      });
    };
    const send = (index: number, dueAt: number) => {
      const { method, path, headers, body } = options.request(index);
      const outgoing = http.request({ agent, host: hostname, port, method, path, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          lastAnswerAt = performance.now();
          latencies.push(lastAnswerAt - dueAt);
          if ((response.statusCode ?? 0) >= 300) non2xx += 1;
          settle();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        settle();
      });
      outgoing.end(body);
    };
    const sendDue = () => {
      const now = performance.now();
      while (sent < options.requests && startAt + sent * intervalMs <= now) {
        send(sent, startAt + sent * intervalMs);
        sent += 1;
      }
      if (sent < options.requests) setTimeout(sendDue, Math.max(0, startAt + sent * intervalMs - now));
    };
    setTimeout(sendDue, 20);
  });
}

export interface ClosedResult {
  requests: number;
  connections: number;
  seconds: number;
  /** Answers per second, from the first request sent to the last answer. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  /** How many answers had each status code. */
  statuses: Record<string, number>;
}

/**
 * Capacity (closed loop): `connections` keep-alive connections, each sending its next request as
 * soon as the last one answered, until `requests` have answered. The latency is each request's
 * own, so at N connections it is roughly N divided by the throughput: a capacity figure, not what
 * a user meets at a given rate (pacedLoad measures that).
 */
export async function closedLoad(options: {
  baseUrl: string;
  connections: number;
  requests: number;
  request: (index: number) => PacedRequest;
}): Promise<ClosedResult> {
  const { hostname, port } = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const one = (index: number) =>
    new Promise<void>((resolve) => {
      const { method, path, headers, body } = options.request(index);
      const sentAt = performance.now();
      const outgoing = http.request({ agent, host: hostname, port, method, path, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - sentAt);
          const status = response.statusCode ?? 0;
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 300) non2xx += 1;
          resolve();
        });
      });
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (next < options.requests) await one(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: options.requests,
    connections: options.connections,
    seconds,
    perSecond: options.requests / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies[latencies.length - 1] ?? 0,
    non2xx,
    errors,
    statuses,
  };
}
