/**
 * Success rates, everywhere (codes, plans, records, dashboard): won ÷ (won + lost) as a percentage
 * with one decimal; void results count in neither. A public rate stays null ("New") until enough
 * results are settled to mean something.
 */
export const MIN_SETTLED_FOR_PUBLIC_RATE = 5;

export function successRate(
  won: number,
  lost: number,
  minimumSettled = MIN_SETTLED_FOR_PUBLIC_RATE,
): number | null {
  const settled = won + lost;
  if (settled === 0 || settled < minimumSettled) return null;
  return Math.round((won / settled) * 1000) / 10;
}

/** What a screen shows for a rate: '66.7%', or 'New' before there is one. */
export function formatSuccessRate(rate: number | null): string {
  return rate === null ? 'New' : `${rate}%`;
}
