import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockReply, mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const countrySelector = () => screen.getByRole('combobox', { name: 'Country selector' });
const geo = (countryCode: string | null): MockReply => ({
  body: { success: true, countryCode, currency: null },
});

describe('phone country on the register page', () => {
  it('switches the default country to the detected one, asking our server once', async () => {
    const { calls } = mockApi({ 'GET /api/geo': geo('ng') });
    renderApp('/register');
    const input = await screen.findByLabelText('Phone number');
    await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'ng'));
    expect(input).toHaveValue('+234 ');
    expect(input).not.toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/geo')).toHaveLength(1);
  });

  it('keeps the United States when the country is unknown', async () => {
    const { calls } = mockApi({ 'GET /api/geo': geo(null) });
    renderApp('/register');
    await screen.findByLabelText('Phone number');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/geo')).toBe(true));
    expect(countrySelector()).toHaveAttribute('data-country', 'us');
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
});
