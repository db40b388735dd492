import { convertAmount, formatMoney, type RateMap } from '@cashtips/contract/currency';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rates, signedInApi } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const selector = () => screen.findByRole('combobox', { name: 'Display currency' });
const geoCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/api/geo');
const rateCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/api/rates');

describe('display currency', () => {
  it('converts by dividing by the source rate and multiplying by the target rate', () => {
    const map: RateMap = { NGN: 1, USD: 0.0008, GBP: 0.0005, EUR: 0.0007 };
    expect(convertAmount(1500, 'NGN', 'USD', map)).toBeCloseTo(1.2);
    expect(convertAmount(1.2, 'USD', 'NGN', map)).toBeCloseTo(1500);
    expect(convertAmount(1000, 'GBP', 'EUR', map)).toBeCloseTo(1400);
    expect(formatMoney(1500.4, 'NGN')).toBe('₦1,500');
    expect(formatMoney(1.2, 'USD')).toBe('$1.20');
  });

  it('offers NGN, USD, GBP and EUR with their symbols, and shows every amount in the chosen one', async () => {
    window.localStorage.setItem('currency', 'NGN');
    const { calls } = signedInApi({}, { mainWallet: 1500, bonusWallet: 250 });
    const { user } = renderApp('/dashboard');
    const select = await selector();
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      '₦ NGN',
      '$ USD',
      '£ GBP',
      '€ EUR',
    ]);
    expect(await screen.findByText('₦1,500')).toBeInTheDocument();
    expect(rateCalls(calls)).toHaveLength(0);

    await user.selectOptions(select, 'USD');
    expect(await screen.findByText('$1.20')).toBeInTheDocument();
    // The bonus wallet, on its card and in the referral widget.
    await waitFor(() => expect(screen.getAllByText('$0.20')).toHaveLength(2));
    // The referral widget's figures follow too (total earned ₦4,000).
    expect(await screen.findByText('$3.20', { selector: 'dd' })).toBeInTheDocument();
    expect(window.localStorage.getItem('currency')).toBe('USD');

    await user.selectOptions(select, 'GBP');
    expect(await screen.findByText('£0.75')).toBeInTheDocument();
    expect(rateCalls(calls)).toHaveLength(1);
  });

  it("signed in, a choice in the top bar is saved to the account's preferences", async () => {
    window.localStorage.setItem('currency', 'NGN');
    const { calls } = signedInApi({
      'PUT /api/users/me/preferences': (body) => ({
        body: {
          success: true,
          preferences: {
            emailNotifications: true,
            pushNotifications: true,
            telegramNotifications: true,
            communityVisible: true,
            currency: (body as { currency: string }).currency,
          },
        },
      }),
    });
    const { user } = renderApp('/dashboard');
    await user.selectOptions(await selector(), 'EUR');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'PUT' && call.path === '/api/users/me/preferences'),
      ).toHaveLength(1),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currency: 'EUR' });
  });

  it("the account's saved currency wins over this browser's last choice", async () => {
    window.localStorage.setItem('currency', 'NGN');
    signedInApi({}, { mainWallet: 1500, displayCurrency: 'USD' });
    renderApp('/dashboard');
    expect(await screen.findByText('$1.20')).toBeInTheDocument();
    expect((await selector()) as HTMLSelectElement).toHaveValue('USD');
  });

  it('keeps typed amounts in naira whatever the display currency', async () => {
    window.localStorage.setItem('currency', 'USD');
    signedInApi();
    const { user } = renderApp('/dashboard');
    await screen.findByText('$1.20');
    // The header's Deposit (Quick Actions has a Deposit tile too).
    const [deposit] = screen.getAllByRole('button', { name: 'Deposit' });
    if (!deposit) throw new Error('no Deposit button');
    await user.click(deposit);
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' });
    expect(dialog).toHaveTextContent('₦1,000');
    await user.type(screen.getByLabelText('Amount (₦)'), '5000');
    expect(dialog).toHaveTextContent("About $4 at today's rate.");
  });

  it('uses the stored choice without asking where the visitor is', async () => {
    window.localStorage.setItem('currency', 'EUR');
    const { calls } = signedInApi();
    renderApp('/dashboard');
    expect(await selector()).toHaveValue('EUR');
    expect(await screen.findByText('€1.05')).toBeInTheDocument();
    expect(geoCalls(calls)).toHaveLength(0);
  });

  it('with nothing stored, takes the currency of the detected location when supported', async () => {
    const { calls } = signedInApi({
      'GET /api/geo': { body: { success: true, countryCode: 'gb', currency: 'GBP' } },
    });
    renderApp('/dashboard');
    await waitFor(async () => expect(await selector()).toHaveValue('GBP'));
    expect(await screen.findByText('£0.75')).toBeInTheDocument();
    expect(geoCalls(calls)).toHaveLength(1);
    expect(window.localStorage.getItem('currency')).toBe('GBP');
  });

  it('stays on naira when the location has no supported currency or cannot be found', async () => {
    const { calls } = signedInApi({
      'GET /api/geo': { body: { success: true, countryCode: 'jp', currency: null } },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(geoCalls(calls)).toHaveLength(1));
    expect(await selector()).toHaveValue('NGN');
    // The location can be answered before the balance: wait for the balance rather than assume it.
    expect(await screen.findByText('₦1,500')).toBeInTheDocument();
    expect(window.localStorage.getItem('currency')).toBeNull();
  });

  it('shows naira until the rates have arrived', async () => {
    window.localStorage.setItem('currency', 'USD');
    signedInApi({
      'GET /api/rates': { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'x' } },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('₦1,500')).toBeInTheDocument();
    expect(rates.rates.USD).toBeGreaterThan(0);
  });
});
