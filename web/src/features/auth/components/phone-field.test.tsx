import { act, screen } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { stubBrowserSettings } from '../../../testing/browser-settings.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PhoneField } from './phone-field.tsx';

preloadScreens(() => import('../../../app/routes/register.tsx'));

const digits = (value: string) => value.replace(/\D/g, '');
const countrySelector = () => screen.getByRole('combobox', { name: 'Country selector' });

async function pickCountry(user: UserEvent, option: string) {
  await user.click(countrySelector());
  await user.click(screen.getByRole('option', { name: option }));
}

describe('phone input on the register page', () => {
  // A browser in no particular country: the picker keeps the spec's default (us).
  beforeEach(() => stubBrowserSettings({ timeZone: 'UTC', languages: ['en'] }));

  it('starts on the United States with the preferred countries first', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    expect(input).toHaveValue('+1 ');
    await user.click(screen.getByRole('combobox', { name: 'Country selector' }));
    const options = screen.getAllByRole('option').slice(0, 3);
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'United States +1',
      'United Kingdom +44',
      'Nigeria +234',
    ]);
  });

  it('ignores letters and keeps digits only', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.type(input, 'abc20x2');
    expect(input).toHaveValue('+1 (202) ');
    expect((input as HTMLInputElement).value).not.toMatch(/[a-z]/i);
  });

  it('never holds more than 15 digits, whatever the country', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.clear(input);
    await user.type(input, '+2348012345678901234567');
    expect(digits((input as HTMLInputElement).value)).toBe('234801234567890');

    await user.clear(input);
    await user.type(input, '+12685551234999999');
    expect(digits((input as HTMLInputElement).value).length).toBeLessThanOrEqual(15);
  });

  it('uses self-hosted flag images, never a CDN', async () => {
    renderApp('/register');
    await screen.findByLabelText('Phone number');
    const flags = Array.from(document.querySelectorAll('img')).map((img) => img.getAttribute('src') ?? '');
    expect(flags.length).toBeGreaterThan(0);
    for (const src of flags) expect(src).not.toMatch(/^https?:/);
  });

  it.each(['+234 801 234 5678', '+2348012345678', '002348012345678'])(
    'takes the country from a pasted international number (%s)',
    async (pasted) => {
      const { user } = renderApp('/register');
      const input = await screen.findByLabelText('Phone number');
      await user.click(input);
      await user.paste(pasted);
      expect(input).toHaveValue('+234 8012345678');
      expect(countrySelector()).toHaveAttribute('data-country', 'ng');
    },
  );

  it('replaces a typed number with a pasted international one', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.type(input, '2025550123');
    await user.paste('+44 7911 123456');
    expect(input).toHaveValue('+44 7911 123456');
    expect(countrySelector()).toHaveAttribute('data-country', 'gb');
  });

  it.each(['0801-234-5678', '08012345678'])(
    'drops the Nigerian trunk 0 of a pasted local number (%s)',
    async (pasted) => {
      const { user } = renderApp('/register');
      const input = await screen.findByLabelText('Phone number');
      await pickCountry(user, 'Nigeria +234');
      await user.click(input);
      await user.paste(pasted);
      expect(input).toHaveValue('+234 8012345678');
    },
  );

  it('drops the trunk 0 typed after the Nigerian and British dial codes', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await pickCountry(user, 'Nigeria +234');
    await user.type(input, '08012345678');
    expect(input).toHaveValue('+234 8012345678');

    await pickCountry(user, 'United Kingdom +44');
    await user.type(input, '07911123456');
    expect(input).toHaveValue('+44 7911 123456');

    await user.clear(input);
    await user.type(input, '+234 0803 111 2222');
    expect(input).toHaveValue('+234 8031112222');

    // Emptied completely (dial code too), a local number still belongs to the selected country.
    await user.clear(input);
    await user.type(input, '08031112222');
    expect(input).toHaveValue('+234 8031112222');
  });

  it('ignores a paste without digits and still keeps 15 digits at most', async () => {
    const { user } = renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await user.click(input);
    await user.paste('call me');
    expect(input).toHaveValue('+1 ');
    await user.paste('+234 801 234 5678 9999 9999');
    expect(digits((input as HTMLInputElement).value)).toBe('234801234567899');
  });

  it('returns focus to the country selector when Escape closes the list', async () => {
    const { user } = renderApp('/register');
    await screen.findByLabelText('Phone number');
    await user.click(countrySelector());
    expect(screen.getByRole('listbox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(countrySelector()).toHaveAttribute('aria-expanded', 'false');
    expect(countrySelector()).toHaveFocus();
  });

  it('keeps the focus of a tap on the server-rendered field when the app takes it over, so typing goes on', async () => {
    mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: null } } });
    function Form() {
      const [phone, setPhone] = useState('');
      return <PhoneField value={phone} onChange={setPhone} />;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    const lookAlike = container.querySelector('input');
    lookAlike?.focus();
    expect(lookAlike).toHaveFocus();

    const root = await act(async () => hydrateRoot(container, <Form />));
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    const input = screen.getByLabelText('Phone number');
    expect(input).not.toBe(lookAlike);
    expect(input).toHaveFocus();
    await userEvent.keyboard('8031234567');
    expect(input).toHaveValue('+234 8031234567');
  });
});
