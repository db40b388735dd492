import type { FieldError } from '@cashtips/contract/errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** First message per top-level field, from zod issues or the server's `errors` list. */
export function toFieldErrors<K extends string>(
  issues: readonly Issue[] | readonly FieldError[],
): FieldErrors<K> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const key = 'field' in issue ? issue.field : String(issue.path[0] ?? '');
    if (key && !(key in result)) result[key] = issue.message;
  }
  return result as FieldErrors<K>;
}
