import { messages } from '@cashtips/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

describe('forgot password page', () => {
  it("asks 'Please enter your email.' when the email is empty", async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(messages.missingForgotEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('goes to the reset page carrying the email in the address', async () => {
    const { calls } = mockApi({
      'POST /api/auth/forgot-password': {
        body: { success: true, message: 'If that account exists, we sent a code.' },
      },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    await waitFor(() => expect(currentLocation()).toBe('/reset-password?email=ada%40example.com'));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("falls back to 'Reset request failed.' when the server gives no message", async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 500, body: {} } });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Reset request failed.'));
  });

  it('prefills the email when sent back from the reset page', async () => {
    renderApp('/forgot-password?email=ada%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
