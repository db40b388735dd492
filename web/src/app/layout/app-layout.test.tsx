import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testUser } from '../../testing/fixtures.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

function signedIn() {
  storeSession();
  return mockApi({
    'GET /api/auth/me': {
      body: { success: true, user: { ...testUser, mainWallet: 1500, bonusWallet: 250 } },
    },
    'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
  });
}

describe('signed-in layout', () => {
  it('greets the user by first name and shows both wallets in naira', async () => {
    signedIn();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(await screen.findByText('₦1,500')).toBeInTheDocument();
    expect(screen.getByText('₦250')).toBeInTheDocument();
  });

  it('links only to screens that exist, marking the current one', async () => {
    signedIn();
    renderApp('/dashboard');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(main).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/booking-codes',
      '/rollover',
      '/my-codes',
      '/my-rollover',
      '/subscribe',
      '/free',
    ]);
    expect(within(main).getByRole('link', { name: "Today's Tips" })).toHaveAttribute('href', '/my-rollover');
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it("puts Rollover in the bottom bar and Today's Tips (/my-rollover), the plans, free tips, profile, wallet, referrals and live scores in its More menu", async () => {
    signedIn();
    const { user } = renderApp('/dashboard');
    const bottom = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Codes', 'Rollover', 'My Codes']);
    expect(within(bottom).getByRole('link', { name: 'Rollover' })).toHaveAttribute('href', '/rollover');
    await user.click(within(bottom).getByRole('button', { name: 'More' }));
    const more = within(bottom).getByRole('menu', { name: 'More' });
    expect(
      within(more)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ["Today's Tips", '/my-rollover'],
      ['Rollover Plans', '/subscribe'],
      ['Free Tips', '/free'],
      ['Profile', '/profile'],
      ['Wallet', '/wallet'],
      ['Referrals', '/referral'],
      ['Live Scores', '/live'],
    ]);
  });

  it('lights the More slot on a screen of its menu, as a main slot is lit on its own', async () => {
    signedIn();
    const first = renderApp('/dashboard');
    let bottom = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    const lit = 'text-lime-300';
    expect(within(bottom).getByRole('link', { name: 'Dashboard' })).toHaveClass(lit);
    expect(within(bottom).getByRole('button', { name: 'More' })).not.toHaveClass(lit);
    first.unmount();
    renderApp('/wallet');
    bottom = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    expect(within(bottom).getByRole('button', { name: 'More' })).toHaveClass(lit);
    expect(within(bottom).getByRole('link', { name: 'Dashboard' })).not.toHaveClass(lit);
  });

  it('opens the mobile menu, closes it with Escape and returns focus to the menu button', async () => {
    signedIn();
    const { user } = renderApp('/dashboard');
    const hamburger = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(hamburger);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(hamburger).toHaveFocus();
  });

  it('really logs out from the mobile menu', async () => {
    const { calls } = signedIn();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
  });

  it('closes the user menu with Escape', async () => {
    signedIn();
    const { user } = renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada' });
    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeVisible();
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Wallet',
      'Referrals',
      'Live Scores',
      'Logout',
    ]);
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });
});
