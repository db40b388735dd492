import type { FastifyInstance } from 'fastify';
import { invalidField } from '../lib/app-error.ts';

/**
 * One rule at the edge for every value a request carries, whatever the route and before its
 * schema runs: PostgreSQL cannot store a NUL character or half of a UTF-16 surrogate pair (a
 * query with one fails), and no number we accept is beyond what a double holds exactly. So a
 * string with either, in any field, key, query parameter or path parameter, and such a number,
 * are refused with 400 and the field's name, instead of failing deep inside a query.
 * Route schemas add each field's own rules on top.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const sources = { body: request.body, query: request.query, params: request.params };
    for (const [source, value] of Object.entries(sources)) {
      const problem = firstUnacceptable(value);
      if (!problem) continue;
      const field = problem.path || source;
      throw invalidField(field, `"${field}" ${problem.reason}.`);
    }
  });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSHOWABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g');

export function unacceptableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character, which is not allowed';
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (a lone UTF-16 surrogate)';
  return undefined;
}

function unacceptableNumber(value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
    return 'is not a number we accept';
  return undefined;
}

/**
 * Walks a parsed JSON value (iteratively: a deeply nested body must not exhaust the stack) and
 * answers the first unacceptable string or number with its dotted path.
 */
export function firstUnacceptable(root: unknown): { path: string; reason: string } | undefined {
  const pending: Array<{ path: string; value: unknown }> = [{ path: '', value: root }];
  while (pending.length) {
    const { path, value } = pending.pop() as { path: string; value: unknown };
    if (typeof value === 'string') {
      const reason = unacceptableText(value);
      if (reason) return { path, reason };
    } else if (typeof value === 'number') {
      const reason = unacceptableNumber(value);
      if (reason) return { path, reason };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ path: path ? `${path}.${index}` : String(index), value: item });
      });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const keyPath = path ? `${path}.${key}` : key;
        const reason = unacceptableText(key);
        // The name is echoed in the answer: the offending characters are shown as U+FFFD.
        if (reason)
          return { path: keyPath.replace(UNSHOWABLE, '\ufffd'), reason: `is a field name that ${reason}` };
        pending.push({ path: keyPath, value: item });
      }
    }
  }
  return undefined;
}
