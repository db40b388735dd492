import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { ApiError, api, errorMessage, NetworkError } from './api-client.ts';

describe('api client', () => {
  it('sends JSON to /api with the user token as bearer', async () => {
    window.localStorage.setItem('token', 'user-token');
    window.localStorage.setItem('adminToken', 'admin-token');
    const { calls } = mockApi({ 'POST /api/auth/login': { body: { success: true } } });
    await api.post('/auth/login', { email: 'a@b.co' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'a@b.co' },
      headers: { Authorization: 'Bearer user-token', 'Content-Type': 'application/json' },
    });
  });

  it('falls back to the admin token, stripping the quotes it may be stored in', async () => {
    window.localStorage.setItem('adminToken', '"admin-token"');
    const { calls } = mockApi({ 'GET /api/auth/me': { body: { success: true } } });
    await api.get('/auth/me');
    expect(calls[0]?.headers.Authorization).toBe('Bearer admin-token');
  });

  it('drops a leading /api from paths', async () => {
    const { calls } = mockApi({ 'GET /api/health': { body: { status: 'ok' } } });
    await api.get('/api/health');
    expect(calls[0]?.path).toBe('/api/health');
  });

  it('throws an ApiError carrying status, code, message, field errors and retry time', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 429,
        body: {
          success: false,
          code: 'OTP_COOLDOWN',
          message: 'Wait a moment.',
          errors: [{ field: 'email', message: 'Bad' }],
          retryAfterSeconds: 30,
        },
      },
    });
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'OTP_COOLDOWN',
      message: 'Wait a moment.',
      errors: [{ field: 'email', message: 'Bad' }],
      retryAfterSeconds: 30,
    });
  });

  it('reports a failed connection as a NetworkError', async () => {
    mockApi({ 'GET /api/auth/me': 'network-error' });
    const error = await api.get('/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(errorMessage(error, 'fallback')).toBe('Network error. Check your connection and try again.');
  });

  it('only warns on a 401 outside the login page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/auth/me': { status: 401, body: { success: false, message: 'Session ended.' } } });
    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('uses the fallback when the server sent no message', () => {
    expect(errorMessage(new ApiError(500, undefined, ''), 'Failed to send OTP.')).toBe('Failed to send OTP.');
    expect(errorMessage(new ApiError(400, 'OTP_INVALID', 'Invalid OTP.'), 'x')).toBe('Invalid OTP.');
  });
});
