import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketServer } from '../../testing/fake-socket-server.ts';
import { signedInApi } from '../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { queryKeys } from '../query-keys.ts';
import { deductLocally, setWalletBalances, type WalletBalances } from './get-wallet-balance.ts';

const balanceCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/api/wallets/balance');

describe('wallet balances while signed in', () => {
  it("opens the user's socket on the same origin, path /socket.io, with the token in the handshake", async () => {
    signedInApi();
    renderApp('/dashboard');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    const [connection] = fakeSocketServer.connected();
    expect(connection?.url.host).toBe(window.location.host);
    expect(connection?.url.pathname).toBe('/socket.io/');
    expect(connection?.url.searchParams.get('transport')).toBe('websocket');
    expect(connection?.auth).toEqual({ token: 'tok_123' });
  });

  it('shows the balances of a `wallet` event at once', async () => {
    signedInApi();
    renderApp('/dashboard');
    await screen.findByText('₦1,500');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    act(() => fakeSocketServer.emit('wallet', { mainWallet: 9100, bonusWallet: 450 }));
    expect(await screen.findByText('₦9,100')).toBeInTheDocument();
    expect(screen.getAllByText('₦450').length).toBeGreaterThan(0);
  });

  it('closes the socket on logout', async () => {
    signedInApi();
    const { user } = renderApp('/dashboard');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(0));
    expect(fakeSocketServer.connections().every((connection) => connection.closed)).toBe(true);
  });

  it('asks the server for the balances every 30 s', async () => {
    let mainWallet = 1500;
    const { calls } = signedInApi({
      'GET /api/wallets/balance': () => ({
        body: { success: true, mainWallet, bonusWallet: 0, wallet: mainWallet },
      }),
    });
    renderApp('/dashboard', { fakeTimers: true });
    await screen.findByText('₦1,500');
    expect(balanceCalls(calls)).toHaveLength(0);

    mainWallet = 2750;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('₦2,750')).toBeInTheDocument();
    expect(balanceCalls(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(balanceCalls(calls)).toHaveLength(2);
  });
});

describe('local deduction', () => {
  const read = (client: QueryClient) => client.getQueryData<WalletBalances>(queryKeys.walletBalance);

  it('lowers one wallet by the amount and never below 0', () => {
    const client = new QueryClient();
    setWalletBalances(client, { mainWallet: 1000, bonusWallet: 300 });
    deductLocally(client, 'main', 400);
    expect(read(client)).toEqual({ mainWallet: 600, bonusWallet: 300 });
    deductLocally(client, 'bonus', 500);
    expect(read(client)).toEqual({ mainWallet: 600, bonusWallet: 0 });
    deductLocally(client, 'main', -50);
    expect(read(client)).toEqual({ mainWallet: 600, bonusWallet: 0 });
  });
});
