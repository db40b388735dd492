import type { FieldError } from '@cashtips/contract/errors';

/*
 * What every admin form draft shares: numbers are kept as typed text until submit (so a half-typed '1.'
 * is not rewritten), the contract's schema checks the body, and errors are keyed by path
 * ('price', 'games', 'games.0.teamA') whether they come from that schema or from the server.
 */

/** Field errors keyed by path: 'price', 'games', 'games.0.teamA'. */
export type DraftErrors = Partial<Record<string, string>>;

export type DraftResult<Body> = { ok: true; body: Body } | { ok: false; errors: DraftErrors };

const NOT_A_NUMBER = 'Enter a number, e.g. 2.5.';

/** A number as the text of an input; '' for none. */
export const numberText = (value: number | null | undefined) =>
  typeof value === 'number' ? String(value) : '';

/** '' → undefined (the schema decides if that is allowed); anything else → a number, NaN when it is not one. */
function parseNumber(text: string): number | undefined {
  const raw = text.replace(/[\s,₦]/g, '');
  if (!raw) return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * Reads number fields for a schema: `num(key, text)` gives the number (undefined when empty) and notes
 * text that is not a number under `key`, so its message is ours rather than zod's.
 */
export function numberReader() {
  const errors: DraftErrors = {};
  const num = (key: string, text: string) => {
    const value = parseNumber(text);
    if (Number.isNaN(value)) errors[key] = NOT_A_NUMBER;
    return value;
  };
  return { num, errors };
}

/**
 * Optional texts: left out when empty. When editing, a text the record had and the admin cleared is sent
 * as '' (update schemas have no null for it) so the server clears it.
 */
export function optionalText(text: string, hadValue: boolean): string | undefined {
  const trimmed = text.trim();
  return trimmed || hadValue ? trimmed : undefined;
}

/** 'games[0].teamA', '/games/0/teamA' and 'games.0.teamA' all become 'games.0.teamA'. */
export function fieldKey(field: string): string {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^[/.]+/, '')
    .replace(/\//g, '.');
}

export function serverFieldErrors(errors: readonly FieldError[]): DraftErrors {
  const result: DraftErrors = {};
  for (const { field, message } of errors) {
    const key = fieldKey(field);
    if (key && !(key in result)) result[key] = message;
  }
  return result;
}

/** What checkDraft needs of a zod schema (web takes zod's types through the contract only). */
interface DraftSchema<Body> {
  safeParse(
    raw: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks `raw` with a contract schema. zod's generic limit messages ('Too big…', 'Invalid input: expected
 * number') are replaced by the plain sentence in `limitMessages`, looked up by the field's key with any
 * game index written as 'game.' ('games.2.odds' → 'game.odds'); `numberErrors` (from numberReader) win.
 */
export function checkDraft<Body>(
  schema: DraftSchema<Body>,
  raw: unknown,
  numberErrors: DraftErrors,
  limitMessages: Readonly<Record<string, string>>,
): DraftResult<Body> {
  const parsed = schema.safeParse(raw);
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key in errors) continue;
      const generic = /^(Too (big|small)|Invalid input: expected (number|int))/.test(issue.message);
      errors[key] = (generic && limitMessages[key.replace(/^games\.\d+\./, 'game.')]) || issue.message;
    }
  }
  Object.assign(errors, numberErrors);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The errors less those of the games' rows, which are keyed by position (stale once a row is removed). */
export function withoutGameErrors(errors: DraftErrors): DraftErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('games.')));
}
