import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubBrowserSettings } from '../../../testing/browser-settings.ts';
import { type MockReply, mockApi } from '../../../testing/mock-api.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { countryFromBrowser } from './phone-country-detection.ts';

preloadScreens(() => import('../../../app/routes/register.tsx'));

const countrySelector = () => screen.getByRole('combobox', { name: 'Country selector' });
const geo = (countryCode: string | null): MockReply => ({
  body: { success: true, countryCode, currency: null },
});

describe('phone country on the register page', () => {
  // A browser that points nowhere in particular, unless a test says otherwise.
  beforeEach(() => stubBrowserSettings({ timeZone: 'UTC', languages: ['en'] }));

  it('switches the default country to the detected one, asking our server once', async () => {
    const { calls } = mockApi({ 'GET /api/geo': geo('ng') });
    renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'ng'));
    expect(input).toHaveValue('+234 ');
    expect(input).not.toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/geo')).toHaveLength(1);
  });

  it('leaves a number the user has started typing alone', async () => {
    let answer: ((reply: MockReply) => void) | undefined;
    mockApi({ 'GET /api/geo': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.type(input, '2025550123');
    expect(answer).toBeDefined();
    answer?.(geo('gb'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(countrySelector()).toHaveAttribute('data-country', 'us');
    expect(input).toHaveValue('+1 (202) 555-0123');
  });

  it('reads a number typed before our server answers in the browser’s country', async () => {
    stubBrowserSettings({ timeZone: 'Africa/Lagos', languages: ['en-US'] });
    // Our server never answers: a slow network, or a user quicker than it.
    mockApi({ 'GET /api/geo': () => new Promise<MockReply>(() => {}) });
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.type(input, '08031234567');
    expect(countrySelector()).toHaveAttribute('data-country', 'ng');
    expect(input).toHaveValue('+234 8031234567');
  });

  describe('when the location service knows no country', () => {
    it('takes Nigeria from the time zone Africa/Lagos', async () => {
      stubBrowserSettings({ timeZone: 'Africa/Lagos', languages: ['en-US', 'en'] });
      mockApi({ 'GET /api/geo': geo(null) });
      renderApp('/register');
      const input = await screen.findByLabelText('Phone number');
      await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'ng'));
      expect(input).toHaveValue('+234 ');
    });

    it('takes Nigeria from the languages (en-NG) when the location service fails', async () => {
      stubBrowserSettings({ timeZone: 'UTC', languages: ['en-NG', 'en'] });
      mockApi({
        'GET /api/geo': { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'Down' } },
      });
      renderApp('/register');
      await screen.findByLabelText('Phone number');
      await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'ng'));
    });

    it('keeps the United States when the browser names no country either', async () => {
      stubBrowserSettings({ timeZone: 'UTC', languages: ['en'] });
      const { calls } = mockApi({ 'GET /api/geo': geo(null) });
      renderApp('/register');
      await screen.findByLabelText('Phone number');
      await waitFor(() => expect(calls.some((call) => call.path === '/api/geo')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(countrySelector()).toHaveAttribute('data-country', 'us');
    });
  });

  it("prefers the location service's country to the browser's", async () => {
    stubBrowserSettings({ timeZone: 'Africa/Lagos', languages: ['en-NG'] });
    mockApi({ 'GET /api/geo': geo('gb') });
    renderApp('/register');
    await screen.findByLabelText('Phone number');
    await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'gb'));
  });
});

describe('the country the browser points to', () => {
  const known = new Set(['us', 'gb', 'ng', 'fr']);

  it('is the time zone’s before the languages’', () => {
    expect(countryFromBrowser({ timeZone: 'Africa/Lagos', languages: ['en-US'] }, known)).toBe('ng');
    expect(countryFromBrowser({ timeZone: 'Europe/London', languages: ['en-NG'] }, known)).toBe('gb');
    expect(countryFromBrowser({ timeZone: 'America/Chicago', languages: ['en-GB'] }, known)).toBe('us');
  });

  it('is the first language region when the time zone names none', () => {
    expect(countryFromBrowser({ timeZone: 'UTC', languages: ['en', 'en-NG', 'en-US'] }, known)).toBe('ng');
    expect(countryFromBrowser({ timeZone: undefined, languages: ['fr-FR'] }, known)).toBe('fr');
  });

  it('is none when neither says, or says an unknown country', () => {
    expect(countryFromBrowser({ timeZone: 'UTC', languages: ['en', 'yo'] }, known)).toBeUndefined();
    expect(
      countryFromBrowser({ timeZone: 'Asia/Tokyo', languages: ['ja-JP', 'not a tag'] }, known),
    ).toBeUndefined();
  });
});
