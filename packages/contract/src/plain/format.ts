/*
 * Numbers and calendar dates written out without `Intl`, as en-NG writes them (1,500; 1,500.50;
 * 'Sat, 21 Nov 2026'). A browser's first `Intl` object initialises its ICU data, 40–100 ms of a
 * phone's main thread in one task React cannot slice, paid by every public page that shows a price,
 * a count or a date; the product is English and naira-first, so its numbers and dates need none of
 * that. The server and the browser also write the same text by construction. Tests compare each
 * function with `Intl`'s output.
 */

/**
 * A number with thousands separators and between `minFraction` and `maxFraction` decimals, rounded
 * half away from zero on its shortest decimal form, as `Intl.NumberFormat` rounds (1.005 → 1.01).
 */
export function groupDigits(value: number, minFraction = 0, maxFraction = minFraction): string {
  if (!Number.isFinite(value)) return '0';
  const negative = value < 0;
  const [whole, fraction] = roundDecimal(Math.abs(value), maxFraction);
  let decimals = fraction;
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = decimals ? `${grouped}.${decimals}` : grouped;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** `value` (≥ 0) to `digits` decimals: its whole digits and exactly `digits` fraction digits. */
function roundDecimal(value: number, digits: number): [string, string] {
  const shortest = String(value);
  // Exponent forms (below 1e-6 or from 1e21) are beyond any amount or count the product shows.
  const plain = shortest.includes('e') ? value.toFixed(Math.min(digits, 100)) : shortest;
  const [wholePart = '0', fractionPart = ''] = plain.split('.');
  const kept = fractionPart.padEnd(digits, '0').slice(0, digits);
  const roundsUp = (fractionPart[digits] ?? '0') >= '5';
  if (!roundsUp) return [wholePart, kept];
  // Add one unit in the last kept place, carrying through the digits.
  const digitsInOrder = `${wholePart}${kept}`.split('').map(Number);
  let index = digitsInOrder.length - 1;
  while (index >= 0 && digitsInOrder[index] === 9) {
    digitsInOrder[index] = 0;
    index -= 1;
  }
  if (index >= 0) digitsInOrder[index] = (digitsInOrder[index] ?? 0) + 1;
  else digitsInOrder.unshift(1);
  const joined = digitsInOrder.join('');
  const wholeLength = joined.length - digits;
  return [joined.slice(0, wholeLength), joined.slice(wholeLength)];
}

/** CLDR's English month abbreviations as en-NG and en-GB write them ('Sept', not 'Sep'). */
const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const monthsLong = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const weekdaysShort = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdaysLong = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The parts of a calendar date ('2026-11-21'), or null when it is not one. Reads what `Date.parse`
 * read before (months 1–12, days 1–31; a 30 February rolls over to March as it did there).
 */
export function calendarParts(day: string): {
  year: number;
  day: number;
  monthShort: string;
  monthLong: string;
  weekdayShort: string;
  weekdayLong: string;
} | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, monthNumber, dayNumber] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || dayNumber > 31) return null;
  const date = new Date(Date.UTC(year, monthNumber - 1, dayNumber));
  const month = date.getUTCMonth();
  const weekday = date.getUTCDay();
  return {
    year: date.getUTCFullYear(),
    day: date.getUTCDate(),
    monthShort: monthsShort[month] ?? '',
    monthLong: monthsLong[month] ?? '',
    weekdayShort: weekdaysShort[weekday] ?? '',
    weekdayLong: weekdaysLong[weekday] ?? '',
  };
}
