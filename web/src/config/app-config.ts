export interface AppConfig {
  appName: string;
  telegramBotUrl: string | null;
  telegramChannelUrl: string | null;
}

const defaults: AppConfig = {
  appName: 'CashTips',
  telegramBotUrl: 'https://t.me/CashTipsNGBot',
  telegramChannelUrl: 'https://t.me/CashTipsNG',
};

export type Raw = Partial<Record<string, unknown>>;

export const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() ? value : fallback;

/** A URL; null when the server turned the link off; the default when absent or malformed. */
export const link = (value: unknown, fallback: string | null): string | null =>
  value === null ? null : typeof value === 'string' && /^https?:\/\//.test(value) ? value : fallback;

/** What the server is rendering a page with (entry-server.tsx); unused in the browser. */
let serverConfig: Raw = {};

export function setServerAppConfig(raw: Raw): void {
  serverConfig = raw;
  current = undefined;
}

/** The JSON the server injects into index.html in place of `<!--app-config-->`, as it came. */
export function rawAppConfig(doc?: Document): Raw {
  if (!doc && typeof document === 'undefined') return serverConfig;
  try {
    return Object(JSON.parse((doc ?? document).getElementById('app-config')?.textContent || '{}'));
  } catch {
    // Malformed config: every field falls back to its default.
    return {};
  }
}

/** The config every screen reads; screens with their own fields (the landing page's) read them from `rawAppConfig`. */
export function readAppConfig(doc?: Document): AppConfig {
  const raw = rawAppConfig(doc);
  return {
    appName: text(raw.appName, defaults.appName),
    telegramBotUrl: link(raw.telegramBotUrl, defaults.telegramBotUrl),
    telegramChannelUrl: link(raw.telegramChannelUrl, defaults.telegramChannelUrl),
  };
}

let current: AppConfig | undefined;
const currentConfig = (): AppConfig => {
  current ??= readAppConfig();
  return current;
};

/**
 * Read once in the browser; on the server, read at each render from the config that page is rendered
 * with (it changes with the site settings while the server runs).
 */
export const appConfig: AppConfig = {
  get appName() {
    return currentConfig().appName;
  },
  get telegramBotUrl() {
    return currentConfig().telegramBotUrl;
  },
  get telegramChannelUrl() {
    return currentConfig().telegramChannelUrl;
  },
};
