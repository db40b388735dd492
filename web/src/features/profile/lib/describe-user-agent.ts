/*
 * A session's device in words, from the User-Agent its browser sent: 'Chrome on Android',
 * 'Safari on iPhone'. Order matters: Edge and Opera also say Chrome, Chrome also says Safari,
 * iPhones also say "like Mac OS X", Android also says Linux.
 */

const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bMobile\/\w+.*\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (patterns: readonly (readonly [RegExp, string])[], ua: string) =>
  patterns.find(([pattern]) => pattern.test(ua))?.[1];

export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = first(browsers, ua);
  const system = first(systems, ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * When a session was last used, coarse enough to stay true for a minute: 'Just now', '5 min ago',
 * '3h ago', 'Yesterday', else the date.
 */
export function lastActive(iso: string, now: Date, formatDate: (iso: string) => string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const minutes = Math.max(0, (now.getTime() - time) / 60_000);
  if (minutes < 2) return 'Just now';
  if (minutes < 60) return `${Math.floor(minutes)} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
  if (minutes < 48 * 60) return 'Yesterday';
  return formatDate(iso);
}
