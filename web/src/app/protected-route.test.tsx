import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../testing/fixtures.ts';
import { mockApi, pending } from '../testing/mock-api.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';

describe('protected routes', () => {
  it("show 'Authenticating...' while the stored session is being confirmed", async () => {
    storeSession();
    mockApi({ 'GET /api/auth/me': () => pending() });
    renderApp('/dashboard');
    const spinner = await screen.findByText('Authenticating...');
    expect(spinner.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).not.toBeInTheDocument();
  });

  it('send a visitor without a session to /login', async () => {
    mockApi({});
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
