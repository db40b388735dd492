import { describe, expect, it } from 'vitest';
import {
  TELEGRAM_LINK,
  TELEGRAM_LINK_CODE_PATTERN,
  telegramLinkCodeRequestSchema,
  telegramMessages,
} from './telegram.ts';

const parse = (telegramIdentifier: unknown) =>
  telegramLinkCodeRequestSchema.safeParse({ telegramIdentifier });

describe('the Telegram identifier', () => {
  it('keeps a username with one leading @, and a phone number as + and its digits', () => {
    expect(parse('ada_obi').data).toEqual({ telegramIdentifier: '@ada_obi' });
    expect(parse('  @Ada_Obi ').data).toEqual({ telegramIdentifier: '@Ada_Obi' });
    expect(parse('+234 803 123 4567').data).toEqual({ telegramIdentifier: '+2348031234567' });
    expect(parse('0803-123-4567').data).toEqual({ telegramIdentifier: '+08031234567' });
  });

  it('an empty one gets the spec’s sentence, and only that', () => {
    for (const value of ['', '   ', undefined]) {
      const issues = parse(value).error?.issues ?? [];
      expect(issues.map((issue) => issue.message)).toEqual([telegramMessages.identifierRequired]);
    }
  });

  it('refuses what is neither a username nor a phone number', () => {
    for (const value of ['ab', '@1abcde', 'hello world', '+12', 'x'.repeat(65), 'ada\u202eobi']) {
      expect(parse(value).error?.issues[0]?.message).toBe(telegramMessages.identifierInvalid);
    }
  });

  it('link codes fit Telegram’s start parameter', () => {
    expect(TELEGRAM_LINK.codeAlphabet).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(TELEGRAM_LINK_CODE_PATTERN.test('ABCDEFGHJKLM')).toBe(true);
    expect(TELEGRAM_LINK_CODE_PATTERN.test('ABCDEFGHIJKL')).toBe(false);
  });
});
