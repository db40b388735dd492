import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeSession, testUser } from '../../testing/fixtures.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

describe('session', () => {
  it("ends a session the server no longer accepts: toast 'Session expired. Please log in again.', storage cleared", async () => {
    storeSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = mockApi({
      'GET /api/auth/me': {
        status: 401,
        body: { success: false, code: 'SESSION_EXPIRED', message: 'Expired.' },
      },
    });
    renderApp('/dashboard');

    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok_123');
  });

  it('treats an answer without success and user as an ended session', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/me': { body: { success: true } } });
    renderApp('/dashboard');
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('replaces the stored user with the fresh one from the server', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/me': { body: { success: true, user: { ...testUser, mainWallet: 25_000 } } } });
    renderApp('/dashboard');
    expect(await screen.findByText('₦25,000')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').mainWallet).toBe(25_000);
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    storeSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/auth/me': 'network-error' });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok_123');
  });

  it('does not call the server when only half a session is stored', async () => {
    window.localStorage.setItem('token', 'tok_123');
    const { calls } = mockApi({});
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls).toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("logs out from the user menu: calls the server, clears storage, toasts 'Logged out successfully'", async () => {
    storeSession();
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { success: true, user: testUser } },
      'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(calls.find((call) => call.path === '/api/auth/logout')?.headers.Authorization).toBe(
      'Bearer tok_123',
    );
  });

  it('still logs out locally when the logout call fails', async () => {
    storeSession();
    mockApi({
      'GET /api/auth/me': { body: { success: true, user: testUser } },
      'POST /api/auth/logout': 'network-error',
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
