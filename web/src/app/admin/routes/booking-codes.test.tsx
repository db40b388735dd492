import type { AdminBookingCodesResponse } from '@cashtips/contract/booking-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminBookingCode, pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const twoCodes: AdminBookingCodesResponse = {
  success: true,
  codes: [
    adminBookingCode(),
    adminBookingCode({
      _id: 'c_2',
      bookingCode: 'B9J-0042',
      code: 'B9J-0042',
      bookmaker: 'Bet9ja',
      category: 'basketball',
      totalOdds: 3,
      price: 500,
      confidence: 72,
      slotLimit: null,
      realBuyerCount: 4,
      expiresAt: '2025-01-01T10:00:00.000Z',
      result: 'won',
    }),
  ],
  ...pageInfo(2),
};
const noCodes: AdminBookingCodesResponse = { success: true, codes: [], ...pageInfo(0) };

const codesUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/booking-codes?'));

describe('admin booking codes list', () => {
  it('flags the codes sold with money back, in the table and on phone cards', async () => {
    signInAsAdmin({
      'GET /api/admin/booking-codes': {
        body: { ...twoCodes, codes: [adminBookingCode({ moneyBack: true }), ...twoCodes.codes.slice(1)] },
      },
    });
    renderApp('/admin/booking-codes');
    const table = await screen.findByRole('table', { name: 'Booking codes' });
    expect(
      within(within(table).getByRole('row', { name: /SB7X9K2/ })).getByText('Money back'),
    ).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /B9J-0042/ })).queryByText('Money back')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Booking codes' });
    expect(within(cards).getAllByText('Money back')).toHaveLength(1);
  });

  it('lists codes with bookmaker, odds, price, confidence, real and shown buyers, slots, expiry and result', async () => {
    signInAsAdmin({ 'GET /api/admin/booking-codes': { body: twoCodes } });
    renderApp('/admin/booking-codes');
    const table = await screen.findByRole('table', { name: 'Booking codes' });
    const first = within(table).getByRole('row', { name: /SB7X9K2/ });
    expect(within(first).getByRole('link', { name: 'SB7X9K2' })).toHaveAttribute(
      'href',
      '/admin/booking-codes/c_1',
    );
    for (const text of ['SportyBet', 'Football', '12.50', '₦1,500', '88%', '12', '12 / 50', 'Pending']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(first).queryByText('Expired')).not.toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /B9J-0042/ });
    for (const text of ['Bet9ja', 'Basketball', '3.00', '₦500', '72%', '4', 'No limit', 'Won', 'Expired']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    expect(second).toHaveClass('bg-black/25');
    expect(second).not.toHaveClass('opacity-60');
    expect(screen.getByText('2 codes')).toHaveAttribute('role', 'status');
    // Phones get the same codes as cards.
    const cards = screen.getByRole('list', { name: 'Booking codes' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'New code' })).toHaveAttribute(
      'href',
      '/admin/booking-codes/new',
    );
  });

  it('sends the category, status and result filters and the search to the API and keeps them in the address', async () => {
    let reply = twoCodes;
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/booking-codes': () => ({ body: reply }) });
    const { user } = renderApp('/admin/booking-codes');
    await screen.findByRole('table', { name: 'Booking codes' });
    expect(codesUrls(fetchMock)).toEqual(['/api/admin/booking-codes?page=1&limit=20']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Basketball');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Expired');
    reply = noCodes;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Won');
    expect(await screen.findByText('No booking codes with these filters.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search booking codes' }), 'Arsenal{Enter}');
    expect(
      await screen.findByText('No booking codes match “Arsenal” with these filters.'),
    ).toBeInTheDocument();

    expect(codesUrls(fetchMock)).toEqual([
      '/api/admin/booking-codes?page=1&limit=20',
      '/api/admin/booking-codes?category=basketball&page=1&limit=20',
      '/api/admin/booking-codes?category=basketball&status=expired&page=1&limit=20',
      '/api/admin/booking-codes?category=basketball&status=expired&result=won&page=1&limit=20',
      '/api/admin/booking-codes?category=basketball&status=expired&result=won&q=Arsenal&page=1&limit=20',
    ]);
    expect(currentLocation()).toBe(
      '/admin/booking-codes?category=basketball&status=expired&result=won&q=Arsenal',
    );
  });

  it('reads filters from the address, ignores unknown values and turns pages', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/booking-codes': (_body, url) => ({
        body: { ...twoCodes, ...pageInfo(45, Number(url.searchParams.get('page'))) },
      }),
    });
    const { user } = renderApp('/admin/booking-codes?category=golf&result=lost');
    await screen.findByRole('table', { name: 'Booking codes' });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('lost');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(codesUrls(fetchMock)).toContain('/api/admin/booking-codes?result=lost&page=2&limit=20'),
    );
    expect(codesUrls(fetchMock)[0]).toBe('/api/admin/booking-codes?result=lost&page=1&limit=20');
  });

  it('offers the first code when there are none, and shows a failure with Retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/booking-codes': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: noCodes },
    });
    const { user } = renderApp('/admin/booking-codes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No booking codes yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New code' })).toHaveLength(2);
  });
});
