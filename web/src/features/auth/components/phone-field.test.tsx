import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

const digits = (value: string) => value.replace(/\D/g, '');

describe('phone input on the register page', () => {
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
});
