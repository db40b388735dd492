import { messages } from '@cashtips/contract/auth';
import { phoneMessages } from '@cashtips/contract/phone';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserSettings } from '../../../testing/browser-settings.ts';
import { mockApi, type RecordedCall } from '../../../testing/mock-api.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

preloadScreens(() => import('../../../app/routes/register.tsx'));

interface Form {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

const valid: Form = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  phone: '2025550123',
  password: 'Str0ng!pass',
};

async function fillForm(user: UserEvent, overrides: Partial<Form> = {}) {
  const form = { ...valid, ...overrides };
  await user.type(await screen.findByLabelText('First name'), form.firstName);
  await user.type(screen.getByLabelText('Last name'), form.lastName);
  await user.type(screen.getByLabelText('Email'), form.email);
  await user.type(screen.getByLabelText('Phone number'), form.phone);
  await user.type(screen.getByLabelText('Password'), form.password);
  await user.type(screen.getByLabelText('Confirm password'), form.password);
}

const detailLabels = ['First name', 'Last name', 'Email', 'Phone number', 'Password', 'Confirm password'];
const sendOtpButton = () => screen.getByRole('button', { name: /Send OTP|Wait \d+s/ });
const registerButton = () => screen.getByRole('button', { name: 'Register' });
/** The form's own calls, without the phone picker's country lookup (GET /api/geo). */
const authCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.startsWith('/api/auth/'));

describe('register page', () => {
  // A browser in no particular country: the phone picker keeps the spec's default (us).
  beforeEach(() => stubBrowserSettings({ timeZone: 'UTC', languages: ['en'] }));

  it('rejects an invalid email with the contract message and sends nothing', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/register');
    await fillForm(user, { email: 'ada.example.com' });
    await user.click(sendOtpButton());

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(authCalls(calls)).toHaveLength(0);
  });

  it('rejects a weak password with the password rule', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/register');
    await fillForm(user, { password: 'password1' });
    await user.click(sendOtpButton());

    const passwordInput = screen.getByLabelText('Password');
    expect(passwordInput).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput).toHaveAccessibleDescription(expect.stringContaining(messages.weakPassword));
    expect(authCalls(calls)).toHaveLength(0);
  });

  it('asks for first and last name when they are empty', async () => {
    mockApi({});
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(messages.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
  });

  it('keeps Register disabled until an OTP was sent, then Send OTP counts down from 60 s', async () => {
    window.localStorage.setItem('referralCode', 'FRIEND1');
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent to your email.' } },
    });
    const { user } = renderApp('/register', { fakeTimers: true });
    await fillForm(user);
    expect(registerButton()).toBeDisabled();

    await user.click(sendOtpButton());

    expect(await screen.findByRole('button', { name: 'Wait 60s' })).toBeDisabled();
    expect(registerButton()).toBeEnabled();
    expect(await screen.findByText('OTP sent to your email.')).toBeInTheDocument();
    expect(authCalls(calls)[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phone: '12025550123',
      password: 'Str0ng!pass',
      referralCode: 'FRIEND1',
    });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Wait 59s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  });

  it('locks the sent details read-only until Change details, which needs a new Send OTP', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
    });
    const { user } = renderApp('/register', { fakeTimers: true });
    await fillForm(user);
    await user.click(sendOtpButton());
    await screen.findByRole('button', { name: 'Wait 60s' });

    const details = detailLabels.map((label) => screen.getByLabelText(label));
    for (const input of details) {
      expect(input).toHaveAttribute('readonly');
      expect(input).toBeEnabled();
    }
    await user.type(screen.getByLabelText('First name'), 'X');
    await user.type(screen.getByLabelText('Phone number'), '9');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+1 (202) 555-0123');
    expect(registerButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Change details' }));
    for (const input of details) expect(input).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(registerButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: /Wait \d+s/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Change details' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'eze');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('button', { name: 'Wait 60s' });
    expect(authCalls(calls)).toHaveLength(2);
    expect(authCalls(calls)[1]?.body).toMatchObject({ firstName: 'Adaeze', email: 'ada@example.com' });
    expect(registerButton()).toBeEnabled();
  });

  it('on a 429 uses retryAfterSeconds for the countdown and shows the server message', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 429,
        body: {
          success: false,
          code: 'OTP_COOLDOWN',
          message: 'Please wait before asking for a new code.',
          retryAfterSeconds: 42,
        },
      },
    });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(sendOtpButton());

    expect(await screen.findByRole('button', { name: 'Wait 42s' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please wait before asking for a new code.');
  });

  it("falls back to 'Failed to send OTP.' when the server gives no message", async () => {
    mockApi({ 'POST /api/auth/register': { status: 500, body: {} } });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(sendOtpButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send OTP.'));
    expect(registerButton()).toBeDisabled();
  });

  it('asks for the OTP when Register is pressed without one', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
    });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(sendOtpButton());
    await screen.findByRole('button', { name: /Wait/ });

    await user.click(registerButton());
    expect(await screen.findByText(messages.missingOtp)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/verify-otp')).toHaveLength(0);
  });

  it('verifies the code, announces it and goes to /login after 3 s', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
      'POST /api/auth/verify-otp': { body: { success: true, message: 'Email verified.' } },
    });
    const { user } = renderApp('/register', { fakeTimers: true });
    await fillForm(user);
    await user.click(sendOtpButton());
    // The send toast shows the toaster is up, so a success toast would show too.
    expect(await screen.findByText('OTP sent.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email verification code (OTP)'), '123456');
    await user.click(registerButton());

    const status = await screen.findByText('Account verified! Redirecting to login...', { selector: 'p' });
    expect(status).toBeInTheDocument();
    // One message for the event: no toast repeating the inline status.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getAllByText('Account verified! Redirecting to login...')).toHaveLength(1);
    // With the password the form holds: it names this sign-up, should someone else have used the email too.
    expect(calls.at(-1)?.path).toBe('/api/auth/verify-otp');
    expect(calls.at(-1)?.body).toEqual({ email: 'ada@example.com', otp: '123456', password: valid.password });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(currentLocation()).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('shows the server message when verification fails', async () => {
    mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
      'POST /api/auth/verify-otp': {
        status: 400,
        body: { success: false, code: 'OTP_INVALID', message: 'Invalid OTP.' },
      },
    });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(sendOtpButton());
    await user.type(screen.getByLabelText('Email verification code (OTP)'), '000000');
    await user.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid OTP.'));
    expect(currentLocation()).toBe('/register');
  });

  it("falls back to 'OTP verification failed.' when the server gives no message", async () => {
    mockApi({
      'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
      'POST /api/auth/verify-otp': { status: 500, body: {} },
    });
    const { user } = renderApp('/register');
    await fillForm(user);
    await user.click(sendOtpButton());
    await user.type(screen.getByLabelText('Email verification code (OTP)'), '000000');
    await user.click(registerButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('OTP verification failed.'));
  });

  it('states the 18+ and responsible gambling consent and links to login and password reset', async () => {
    renderApp('/register');
    const form = (await screen.findByLabelText('First name')).closest('form');
    expect(form).not.toBeNull();
    expect(within(form as HTMLElement).getByText(/18 years or older/)).toBeInTheDocument();
    expect(screen.getByText(/responsible gambling policy/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  describe('phone numbers', () => {
    const countrySelector = () => screen.getByRole('combobox', { name: 'Country selector' });
    const geoUnknown = { body: { success: true, countryCode: null, currency: null } };

    it('refuses a Nigerian national number typed while the picker shows +1, saying to choose the country', async () => {
      stubBrowserSettings({ timeZone: 'America/New_York', languages: ['en-US'] });
      const { calls } = mockApi({ 'GET /api/geo': geoUnknown });
      const { user } = renderApp('/register');
      await fillForm(user, { phone: '08031234567' });
      await user.click(sendOtpButton());

      const phone = screen.getByLabelText('Phone number');
      await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
      expect(phone).toHaveAccessibleDescription(phoneMessages.nationalNumberFor('United States', '1'));
      expect(phone).toHaveFocus();
      expect(authCalls(calls)).toHaveLength(0);
    });

    it('sends 0803 123 4567 typed under Nigeria (found from the time zone) as 2348031234567', async () => {
      stubBrowserSettings({ timeZone: 'Africa/Lagos', languages: ['en-US'] });
      const { calls } = mockApi({
        'GET /api/geo': geoUnknown,
        'POST /api/auth/register': { status: 201, body: { success: true, message: 'OTP sent.' } },
      });
      const { user } = renderApp('/register');
      await screen.findByLabelText('Phone number');
      await waitFor(() => expect(countrySelector()).toHaveAttribute('data-country', 'ng'));
      await fillForm(user, { phone: '0803 123 4567' });
      await user.click(sendOtpButton());
      await waitFor(() => expect(authCalls(calls)).toHaveLength(1));
      expect(authCalls(calls)[0]?.body).toMatchObject({ phone: '2348031234567' });
    });

    it('says a country code does not exist', async () => {
      const { calls } = mockApi({ 'GET /api/geo': geoUnknown });
      const { user } = renderApp('/register');
      await fillForm(user);
      const phone = screen.getByLabelText('Phone number');
      await user.clear(phone);
      await user.type(phone, '+8 031 234 5678');
      await user.click(sendOtpButton());
      await waitFor(() => expect(phone).toHaveAccessibleDescription(phoneMessages.unknownCountryCode));
      expect(authCalls(calls)).toHaveLength(0);
    });
  });
});
