/**
 * What `table` holds under `key` itself, or undefined. A plain `table[key]` with a key that comes from
 * outside (a bookmaker an admin typed, a provider's status word) answers Object.prototype's members
 * for '__proto__', 'constructor' or 'toString': an object or a function where a string was expected.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
