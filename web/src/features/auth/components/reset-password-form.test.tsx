import { messages } from '@cashtips/contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockReply, mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

async function submit(user: UserEvent, otp = '123456', password = 'N3w!password') {
  await user.type(await screen.findByLabelText('OTP'), otp);
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

function failWith(reply: MockReply) {
  return mockApi({ 'POST /api/auth/reset-password': reply });
}

describe('reset password page', () => {
  it('sends a visitor without a carried email to /forgot-password', async () => {
    renderApp('/reset-password');
    await waitFor(() => expect(currentLocation()).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('accepts the email from router state', async () => {
    renderApp('/reset-password', { state: { email: 'ada@example.com' } });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('maps a message containing "expired" to the expired-code text and offers a new OTP', async () => {
    failWith({
      status: 400,
      body: { success: false, code: 'OTP_EXPIRED', message: 'The code has expired.' },
    });
    const { user } = renderApp('/reset-password?email=ada%40example.com');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('OTP has expired. Please request a new one.'),
    );
    expect(screen.getAllByRole('link', { name: 'Request a new OTP' })[0]).toHaveAttribute(
      'href',
      '/forgot-password?email=ada%40example.com',
    );
  });

  it('maps a message containing "Invalid" to the invalid-code text', async () => {
    failWith({ status: 400, body: { success: false, message: 'Invalid OTP.' } });
    const { user } = renderApp('/reset-password?email=ada%40example.com');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid OTP. Please check and try again.'),
    );
  });

  it('maps any other failure to the generic text', async () => {
    failWith({ status: 500, body: { success: false, code: 'INTERNAL', message: 'Something broke.' } });
    const { user } = renderApp('/reset-password?email=ada%40example.com');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Reset failed. Please try again.'),
    );
  });

  it('checks the code and the password rule before calling the server', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/reset-password?email=ada%40example.com');
    await user.type(await screen.findByLabelText('New password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(messages.missingOtp)).toBeInTheDocument();
    expect(screen.getByText(messages.weakPassword)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('resets, says so once and goes to /login after 2 s', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': { body: { success: true, message: 'Password updated.' } },
    });
    const { user } = renderApp('/reset-password?email=ada%40example.com', { fakeTimers: true });
    await screen.findByLabelText('OTP');
    await act(() => import('react-hot-toast').then(({ default: hotToast }) => void hotToast('toaster up')));
    await screen.findByText('toaster up');
    await submit(user);
    expect(await screen.findByText('Password reset. Redirecting to login...')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456', newPassword: 'N3w!password' });
    // One message for the event: the server's text is not toasted next to the inline status.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Password updated.')).not.toBeInTheDocument();
    // Still here short of 2 s (fake time also runs with the real, so not at 2 s exactly), gone after.
    await act(() => vi.advanceTimersByTimeAsync(1700));
    expect(currentLocation()).toBe('/reset-password?email=ada%40example.com');
    await act(() => vi.advanceTimersByTimeAsync(400));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });
});
