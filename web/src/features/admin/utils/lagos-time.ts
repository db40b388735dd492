/**
 * Africa/Lagos is UTC+1 all year (no daylight saving), so a datetime-local value typed in Lagos time maps
 * to an instant with a fixed offset, whatever the admin's own device time zone is.
 */
const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60_000;
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** '2025-03-01T18:00' (Lagos) → '2025-03-01T18:00:00+01:00'; '' stays '' so the schema reports it. */
export function lagosInputToIso(value: string): string {
  const trimmed = value.trim().slice(0, 16);
  return LOCAL_PATTERN.test(trimmed) ? `${trimmed}:00${LAGOS_OFFSET}` : value.trim();
}

/** An instant → the datetime-local value that shows it in Lagos time ('' for a missing or bad date). */
export function isoToLagosInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}
