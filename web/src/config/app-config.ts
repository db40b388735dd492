export interface AppConfig {
  appName: string;
  telegramBotUrl: string | null;
  telegramChannelUrl: string | null;
  stats: { users: string; accuracy: string; satisfaction: string };
}

const defaults: AppConfig = {
  appName: 'CashTips',
  telegramBotUrl: 'https://t.me/CashTipsNGBot',
  telegramChannelUrl: 'https://t.me/CashTipsNG',
  stats: { users: '500,000+', accuracy: '85%+', satisfaction: '98%' },
};

export type Raw = Partial<Record<string, unknown>>;

export const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value : fallback;

/** A URL; null when the server turned the link off; the default when absent or malformed. */
export const link = (value: unknown, fallback: string | null): string | null =>
  value === null ? null : typeof value === 'string' && /^https?:\/\//.test(value) ? value : fallback;

/** The JSON the server injects into index.html in place of `<!--app-config-->`, as it came. */
export function rawAppConfig(doc: Document = document): Raw {
  try {
    return Object(JSON.parse(doc.getElementById('app-config')?.textContent || '{}'));
  } catch {
    // Malformed config: every field falls back to its default.
    return {};
  }
}

/** The config every screen reads; screens with their own fields (the landing page's) read them from `rawAppConfig`. */
export function readAppConfig(doc: Document = document): AppConfig {
  const raw = rawAppConfig(doc);
  const stats: Raw = Object(raw.stats);
  return {
    appName: text(raw.appName, defaults.appName),
    telegramBotUrl: link(raw.telegramBotUrl, defaults.telegramBotUrl),
    telegramChannelUrl: link(raw.telegramChannelUrl, defaults.telegramChannelUrl),
    stats: {
      users: text(stats.users, defaults.stats.users),
      accuracy: text(stats.accuracy, defaults.stats.accuracy),
      satisfaction: text(stats.satisfaction, defaults.stats.satisfaction),
    },
  };
}

export const appConfig: AppConfig = readAppConfig();
