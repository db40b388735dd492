import { messages } from '@cashtips/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

async function logIn(user: UserEvent, email = 'ada@example.com', password = 'Str0ng!pass') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('requires email and password before calling the server', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the credentials are rejected", async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
      },
    });
    const { user } = renderApp('/login');
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.'));
    expect(currentLocation()).toBe('/login');
  });

  it('shows whatever message the server sends', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 5 minutes.' },
      },
    });
    const { user } = renderApp('/login');
    await logIn(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 5 minutes.'),
    );
  });

  it("falls back to 'Invalid email or password.' when the server gives no message", async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: {} } });
    const { user } = renderApp('/login');
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.'));
  });

  it("says 'Login failed: no token returned.' when the answer lacks a token", async () => {
    mockApi({ 'POST /api/auth/login': { body: { success: true, message: 'ok', user: testUser } } });
    const { user } = renderApp('/login');
    await logIn(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Login failed: no token returned.'),
    );
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('offers the verify screen, carrying the email, when the email is not verified', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 403,
        body: { success: false, code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email first.' },
      },
    });
    const { user } = renderApp('/login');
    await logIn(user, 'Ada@Example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please verify your email first.'),
    );
    expect(screen.getByRole('link', { name: 'Verify your email now' })).toHaveAttribute(
      'href',
      '/verify-otp?email=ada%40example.com',
    );
  });

  it('stores the session and lands on the dashboard with a success toast', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { success: true, message: 'Welcome', token: 'tok_9', user: testUser } },
      'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
    });
    const { user } = renderApp('/login');
    await logIn(user);

    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok_9');
    expect(window.localStorage.getItem('authToken')).toBe('tok_9');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({
      email: 'ada@example.com',
    });
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'Str0ng!pass' });
  });

  it('links to password reset and sign-up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});
