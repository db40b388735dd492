import { addLagosDays, type LagosDay, lagosDay } from '@cashtips/contract/lagos-time';
import { formatLagosDay } from '../../../lib/format.ts';

/** A Lagos date for people: 'Today', 'Yesterday' or 'Sat, 21 Nov 2026'. */
export function dayLabel(day: LagosDay, now = new Date()): string {
  const today = lagosDay(now);
  if (day === today) return 'Today';
  if (day === addLagosDays(today, -1)) return 'Yesterday';
  return formatLagosDay(day, 'withWeekday');
}
