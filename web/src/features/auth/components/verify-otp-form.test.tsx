import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

describe('verify email page', () => {
  it('prefills the email from the address', async () => {
    renderApp('/verify-otp?email=ada%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('verifies and goes to /login after 2.5 s', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-otp': { body: { success: true, message: 'Email verified.' } },
    });
    const { user } = renderApp('/verify-otp', { state: { email: 'ada@example.com' }, fakeTimers: true });
    await screen.findByLabelText('OTP');
    await act(() => import('react-hot-toast').then(({ default: hotToast }) => void hotToast('toaster up')));
    await screen.findByText('toaster up');
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));

    expect(await screen.findByText('Email verified! Redirecting to login...')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456' });
    // One message for the event: the server's text is not toasted next to the inline status.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Email verified.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2400));
    expect(currentLocation()).toBe('/verify-otp');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it("shows the server's message when the code is wrong", async () => {
    mockApi({
      'POST /api/auth/verify-otp': {
        status: 400,
        body: { success: false, code: 'OTP_INVALID', message: 'Invalid OTP. 4 attempts left.' },
      },
    });
    const { user } = renderApp('/verify-otp?email=ada%40example.com');
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid OTP. 4 attempts left.'));
  });

  it("shows 'Something went wrong' when the failure carries no text", async () => {
    mockApi({ 'POST /api/auth/verify-otp': { status: 500 } });
    const { user } = renderApp('/verify-otp?email=ada%40example.com');
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong'));
  });

  it('resends a code and waits 60 s before allowing another', async () => {
    const { calls } = mockApi({
      'POST /api/auth/resend-otp': { body: { success: true, message: 'A new code is on its way.' } },
    });
    const { user } = renderApp('/verify-otp?email=ada%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Wait 60s' })).toBeDisabled();
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/auth/resend-otp', body: { email: 'ada@example.com' } });
  });

  it('lists one message, the spec text, for an empty OTP', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/verify-otp?email=ada%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Verify email' }));
    const otp = screen.getByLabelText('OTP');
    await waitFor(() => expect(otp).toHaveAttribute('aria-invalid', 'true'));
    expect(otp).toHaveAccessibleDescription('Enter the OTP sent to your email.');
    // The instructions above the form must not read as a second, different request for the code.
    expect(screen.getAllByText(/^Enter the /)).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });
});
