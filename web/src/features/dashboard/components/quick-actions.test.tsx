import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../config/app-config.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** Each tile's name and where it leads ('dialog' for the Deposit button). */
const tilesOf = (container: HTMLElement) => {
  const list = container.querySelector('ul');
  if (!list) throw new Error('no tile list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const control = within(item).getByRole(item.querySelector('a') ? 'link' : 'button');
      return [control.textContent, control.getAttribute('href') ?? control.getAttribute('aria-haspopup')];
    });
};

const firstSix = [
  ['Deposit', 'dialog'],
  ["Today's Tips", '/rollover'],
  ['Buy Codes', '/buycodes'],
  ['Rollover Plans', '/subscribe'],
  ['Free Tips', '/free'],
  ['My Codes', '/my-codes'],
];
const everyTile = [
  ...firstSix,
  ['Wallet', '/wallet'],
  ['Telegram Bot (opens in a new tab)', appConfig.telegramBotUrl],
  ['Link Telegram', '/profile?link-telegram=true'],
];

describe('Quick Actions', () => {
  it('shows every tile and Refer Friends on the full dashboard; Deposit opens the deposit modal', async () => {
    signedInApi();
    const { user } = renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(tilesOf(region)).toEqual(everyTile);
    const bot = within(region).getByRole('link', { name: /Telegram Bot/ });
    expect(bot).toHaveAttribute('target', '_blank');
    expect(bot).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(region).getByRole('link', { name: 'Refer Friends' })).toHaveAttribute('href', '/referral');
    expect(within(region).queryByRole('link', { name: 'More actions' })).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Deposit funds' })).toBeInTheDocument();
  });

  it('shows the first six and More when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi();
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(tilesOf(region)).toEqual(firstSix);
    expect(within(region).getByRole('link', { name: 'More actions' })).toHaveAttribute(
      'href',
      '/quick-actions',
    );
    expect(within(region).queryByRole('link', { name: 'Refer Friends' })).not.toBeInTheDocument();
  });

  it("says 'Telegram Linked' once the user has linked Telegram", async () => {
    signedInApi({}, { telegramId: '777000', telegramUsername: 'ada_o' });
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(region).getByRole('link', { name: 'Telegram Linked' })).toHaveAttribute(
      'href',
      '/profile?tab=security',
    );
    expect(within(region).queryByRole('link', { name: 'Link Telegram' })).not.toBeInTheDocument();
  });

  it('/quick-actions lists every tile on one page', async () => {
    signedInApi();
    renderApp('/quick-actions');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Quick Actions' });
    const page = heading.closest('div') as HTMLElement;
    expect(tilesOf(page)).toEqual(everyTile);
    expect(within(page).getByRole('link', { name: 'Refer Friends' })).toHaveAttribute('href', '/referral');
  });
});
