import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

describe('app shell', () => {
  it('keeps ?ref=CODE from any page as the referral code', async () => {
    renderApp('/login?ref=FRIEND42');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(window.localStorage.getItem('referralCode')).toBe('FRIEND42');
  });

  it('shows a 404 page for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("shows 'Unexpected Application Error!' when a screen crashes", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <RouteErrorBoundary resetKey="/">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('shows a human sentence, not the raw error, and logs the error to the console', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/login-abc123.js',
    );
    function Broken(): never {
      throw failure;
    }
    render(
      <RouteErrorBoundary resetKey="/login">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/Reloading usually fixes it/)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch|assets|\.js/)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(expect.any(String), failure, expect.anything());
  });
});
