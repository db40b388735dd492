import { accountMessages } from '@cashtips/contract/account';
import { messages } from '@cashtips/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures.ts';
import { type MockReply, mockApi } from '../../../testing/mock-api.ts';
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

const challengeAnswer = {
  body: {
    success: true,
    twoFactorRequired: true,
    challenge: 'ch_abc',
    message: accountMessages.challengeRequired,
  },
};
const signedIn = { body: { success: true, message: 'Welcome', token: 'tok_2fa', user: testUser } };

describe('login with two-factor sign-in', () => {
  it('asks for the code after the password, posts it with the challenge, then signs in', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': challengeAnswer,
      'POST /api/auth/login/2fa': signedIn,
      'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
    });
    const { user } = renderApp('/login');
    await logIn(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(window.localStorage.getItem('token')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(accountMessages.codeRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/login/2fa')).toHaveLength(0);

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(window.localStorage.getItem('token')).toBe('tok_2fa');
    expect(calls.find((call) => call.path === '/api/auth/login/2fa')?.body).toEqual({
      challenge: 'ch_abc',
      code: '123456',
    });
  });

  it('takes a recovery code instead, and shows a wrong code on the field', async () => {
    let answer: MockReply = {
      status: 400,
      body: { success: false, code: 'TWO_FACTOR_INVALID', message: accountMessages.wrongCode },
    };
    const { calls } = mockApi({
      'POST /api/auth/login': challengeAnswer,
      'POST /api/auth/login/2fa': () => answer,
    });
    const { user } = renderApp('/login');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const code = screen.getByLabelText('Recovery code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeInTheDocument();

    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(accountMessages.wrongCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(screen.getByText(accountMessages.wrongCode).id);
    expect(calls.find((call) => call.path === '/api/auth/login/2fa')?.body).toEqual({
      challenge: 'ch_abc',
      code: 'abcde-12345',
    });

    answer = signedIn;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it.each([
    ['an expired challenge', 400, accountMessages.challengeExpired],
    ['too many wrong codes', 429, accountMessages.tooManyCodes],
  ])('goes back to the password step after %s, with the message', async (_case, status, message) => {
    mockApi({
      'POST /api/auth/login': challengeAnswer,
      'POST /api/auth/login/2fa': {
        status,
        body: { success: false, code: status === 429 ? 'RATE_LIMITED' : 'CHALLENGE_EXPIRED', message },
      },
    });
    const { user } = renderApp('/login');
    await logIn(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(currentLocation()).toBe('/login');
  });

  it('Back returns to the password step', async () => {
    mockApi({ 'POST /api/auth/login': challengeAnswer });
    const { user } = renderApp('/login');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
