import { describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config.ts';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'app-config';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('app config', () => {
  it('uses sane defaults when the server injected nothing (vite dev)', () => {
    expect(readAppConfig(documentWith(null))).toEqual({
      appName: 'CashTips',
      telegramBotUrl: 'https://t.me/CashTipsNGBot',
      telegramChannelUrl: 'https://t.me/CashTipsNG',
    });
  });

  it('reads the injected values, and null turns a Telegram link off', () => {
    const config = readAppConfig(
      documentWith(
        JSON.stringify({
          appName: 'TipsNG',
          telegramBotUrl: null,
          telegramChannelUrl: 'https://t.me/tipsng',
          stats: { users: '1,000+', accuracy: '80%', satisfaction: '95%' },
        }),
      ),
    );
    expect(config).toEqual({
      appName: 'TipsNG',
      telegramBotUrl: null,
      telegramChannelUrl: 'https://t.me/tipsng',
    });
  });

  it('falls back per field on malformed input', () => {
    const config = readAppConfig(documentWith('{"appName": 7, "telegramBotUrl": "javascript:alert(1)"}'));
    expect(config.appName).toBe('CashTips');
    expect(config.telegramBotUrl).toBe('https://t.me/CashTipsNGBot');
    expect(readAppConfig(documentWith('not json')).appName).toBe('CashTips');
  });
});
