import { describe, expect, it } from 'vitest';
import { describeUserAgent, lastActive } from './describe-user-agent.ts';

const agents = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  operaAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/82.0.4227.78903',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

describe('describeUserAgent', () => {
  it.each([
    [agents.chromeAndroid, 'Chrome on Android'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.firefoxWindows, 'Firefox on Windows'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.safariMac, 'Safari on Mac'],
    [agents.operaAndroid, 'Opera on Android'],
    [agents.samsung, 'Samsung Internet on Android'],
    [agents.chromeLinux, 'Chrome on Linux'],
    [agents.firefoxAndroid, 'Firefox on Android'],
    [agents.safariIpad, 'Safari on iPad'],
  ])('names %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });

  it("falls back to what it can tell, else 'Unknown device'", () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('')).toBe('Unknown device');
    expect(describeUserAgent('curl/8.5.0')).toBe('Unknown device');
    expect(describeUserAgent('Dalvik/2.1.0 (Linux; U; Android 13; SM-A145F)')).toBe('Android');
  });
});

describe('lastActive', () => {
  const now = new Date('2026-03-03T12:00:00Z');
  const date = (iso: string) => `on ${iso.slice(0, 10)}`;
  it.each([
    ['2026-03-03T11:59:30Z', 'Just now'],
    ['2026-03-03T11:35:00Z', '25 min ago'],
    ['2026-03-03T07:00:00Z', '5h ago'],
    ['2026-03-02T10:00:00Z', 'Yesterday'],
    ['2026-02-20T10:00:00Z', 'on 2026-02-20'],
    ['2026-03-03T12:05:00Z', 'Just now'],
    ['not a date', ''],
  ])('%s → %s', (iso, expected) => {
    expect(lastActive(iso, now, date)).toBe(expected);
  });
});
