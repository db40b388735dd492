import { messages } from '@cashtips/contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type MockReply, mockApi } from '../../../testing/mock-api.ts';
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
    // Still here short of 2.5 s (fake time also runs with the real, so not at 2.5 s exactly), gone after.
    await act(() => vi.advanceTimersByTimeAsync(2200));
    expect(currentLocation()).toBe('/verify-otp');
    await act(() => vi.advanceTimersByTimeAsync(400));
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

  describe('when several sign-ups wait for the email', () => {
    const passwordRequired: MockReply = {
      status: 422,
      body: {
        success: false,
        code: 'PASSWORD_REQUIRED',
        message: messages.signUpPasswordRequired,
        errors: [{ field: 'password', message: messages.signUpPasswordRequired }],
      },
    };
    const passwordLabel = 'Password you chose when you signed up';

    it('asks for the password chosen at sign-up and sends it with the code on the next try', async () => {
      let answers = 0;
      const { calls } = mockApi({
        'POST /api/auth/verify-otp': () => {
          answers += 1;
          return answers === 1 ? passwordRequired : { body: { success: true, message: 'Verified.' } };
        },
      });
      const { user } = renderApp('/verify-otp?email=ada%40example.com');
      expect(screen.queryByLabelText(passwordLabel)).not.toBeInTheDocument();
      await user.type(await screen.findByLabelText('OTP'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify email' }));

      const password = await screen.findByLabelText(passwordLabel);
      await waitFor(() => expect(password).toHaveFocus());
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription(messages.signUpPasswordRequired);
      expect(calls[0]?.body).toEqual({ email: 'ada@example.com', otp: '123456' });

      await user.type(password, 'Str0ng!pass');
      await user.click(screen.getByRole('button', { name: 'Verify email' }));
      expect(await screen.findByText('Email verified! Redirecting to login...')).toBeInTheDocument();
      expect(calls[1]?.body).toEqual({ email: 'ada@example.com', otp: '123456', password: 'Str0ng!pass' });
    });

    it('shows a password that matches no sign-up under the password field', async () => {
      let answers = 0;
      mockApi({
        'POST /api/auth/verify-otp': () => {
          answers += 1;
          return answers === 1
            ? passwordRequired
            : {
                status: 400,
                body: {
                  success: false,
                  code: 'VALIDATION_FAILED',
                  message: messages.signUpPasswordMismatch,
                  errors: [{ field: 'password', message: messages.signUpPasswordMismatch }],
                },
              };
        },
      });
      const { user } = renderApp('/verify-otp?email=ada%40example.com');
      await user.type(await screen.findByLabelText('OTP'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify email' }));
      await user.type(await screen.findByLabelText(passwordLabel), 'Wr0ng!pass');
      await user.click(screen.getByRole('button', { name: 'Verify email' }));

      const password = screen.getByLabelText(passwordLabel);
      await waitFor(() => expect(password).toHaveAccessibleDescription(messages.signUpPasswordMismatch));
      expect(password).toHaveFocus();
    });

    it('asks for the password before sending when its field is left empty', async () => {
      const { calls } = mockApi({ 'POST /api/auth/verify-otp': passwordRequired });
      const { user } = renderApp('/verify-otp?email=ada%40example.com');
      await user.type(await screen.findByLabelText('OTP'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify email' }));
      await screen.findByLabelText(passwordLabel);
      await user.click(screen.getByRole('button', { name: 'Verify email' }));
      await waitFor(() =>
        expect(screen.getByLabelText(passwordLabel)).toHaveAccessibleDescription(messages.passwordRequired),
      );
      expect(calls).toHaveLength(1);
    });
  });
});
