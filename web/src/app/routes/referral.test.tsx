import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referralsAnswer, signedInApi } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('referral page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the code, the link, the figures and how the bonus works', async () => {
    signedInApi({}, { bonusWallet: 1200 });
    renderApp('/referral');
    expect(await screen.findByRole('heading', { name: 'Referral Program', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('ADA123')).toBeInTheDocument();
    expect(screen.getByLabelText('Your share link')).toHaveValue('http://localhost:3000/register?ref=ADA123');
    expect(figure('Total referrals')).toHaveTextContent('3');
    expect(figure('Active referrals')).toHaveTextContent('2');
    expect(figure('Total earned')).toHaveTextContent('₦4,000');
    expect(figure('Pending')).toHaveTextContent('₦500');
    expect(figure('Bonus balance')).toHaveTextContent('₦1,200');
    expect(figure('Minimum withdrawal')).toHaveTextContent('₦1,000');
    expect(
      screen.getByText(/You earn 10% of each friend's first deposit, up to ₦5,000 per friend/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Bonus' })).toBeInTheDocument();
  });

  it('copies the code and the link, confirming each', async () => {
    signedInApi();
    const { user } = renderApp('/referral');
    await user.click(await screen.findByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Referral code copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ADA123');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Referral link copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/register?ref=ADA123');
  });

  it('offers Share only where the browser can share, sharing the link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    signedInApi();
    const { user } = renderApp('/referral');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://localhost:3000/register?ref=ADA123' }),
    );
  });

  it('has no Share button where the browser cannot share', async () => {
    signedInApi();
    renderApp('/referral');
    await screen.findByRole('button', { name: 'Copy link' });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('lists referred friends with joined date, status and earnings', async () => {
    signedInApi();
    renderApp('/referral');
    const list = await screen.findByRole('list', { name: 'Referred friends' });
    const [bola, chidi] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(bola).toHaveTextContent('Bola A.');
    expect(bola).toHaveTextContent('Joined 10 Feb 2026');
    expect(bola).toHaveTextContent('Active');
    expect(bola).toHaveTextContent('₦1,000');
    expect(chidi).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: 'Withdraw Bonus' })).not.toBeInTheDocument();
  });

  it('says so when nobody has joined yet', async () => {
    signedInApi({
      'GET /api/users/referrals': {
        body: referralsAnswer({ referrals: [], totalReferrals: 0, activeReferrals: 0, totalEarnings: 0 }),
      },
    });
    renderApp('/referral');
    expect(await screen.findByText('No referrals yet')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    let failing = true;
    signedInApi({
      'GET /api/users/referrals': () =>
        failing
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: referralsAnswer() },
    });
    const { user } = renderApp('/referral');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Could not load your referrals.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('ADA123')).toBeInTheDocument());
  });
});

describe('Referral Program widget on the dashboard', () => {
  it('shows active referrals, total earned, pending, bonus balance and the code with Copy', async () => {
    signedInApi({}, { bonusWallet: 300 });
    const { user } = renderApp('/dashboard');
    const widget = await screen.findByRole('region', { name: 'Referral Program' });
    await within(widget).findByText('ADA123');
    expect(within(widget).getByText('Active referrals').nextElementSibling).toHaveTextContent('2');
    expect(within(widget).getByText('Total earned').nextElementSibling).toHaveTextContent('₦4,000');
    expect(within(widget).getByText('Pending').nextElementSibling).toHaveTextContent('₦500');
    expect(within(widget).getByText('Bonus balance').nextElementSibling).toHaveTextContent('₦300');
    expect(within(widget).getByRole('link', { name: 'Referral dashboard' })).toHaveAttribute(
      'href',
      '/referral',
    );
    expect(within(widget).getByRole('button', { name: 'Withdraw Bonus' })).toBeInTheDocument();

    await user.click(within(widget).getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Referral code copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('ADA123');
  });

  it('offers Withdraw Bonus only when the bonus balance is above 0', async () => {
    signedInApi({}, { bonusWallet: 0 });
    renderApp('/dashboard');
    const widget = await screen.findByRole('region', { name: 'Referral Program' });
    await within(widget).findByText('ADA123');
    expect(within(widget).queryByRole('button', { name: 'Withdraw Bonus' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Wallet and transaction history/ })).toHaveAttribute(
      'href',
      '/wallet',
    );
  });
});
