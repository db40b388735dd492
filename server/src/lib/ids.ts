/** Ids in paths are UUIDs; anything else is simply not found (and never reaches SQL as a bad cast). */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
