import type { RunningApp } from './server.ts';

/** A JSON call to the running app, failing loudly on anything but 2xx. */
export async function callApi<T>(
  server: RunningApp,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A verified account signed in through the API; `referralCode` as the sign-up form would send it. */
export async function verifiedAccount(
  server: RunningApp,
  details: { email: string; password: string; firstName: string; referralCode?: string },
) {
  const { email, password, firstName, referralCode } = details;
  await callApi(server, 'POST', '/api/auth/register', {
    firstName,
    lastName: 'Eze',
    email,
    phone: '2348031234567',
    password,
    ...(referralCode ? { referralCode } : {}),
  });
  await callApi(server, 'POST', '/api/auth/verify-otp', { email, otp: await server.latestCode(email) });
  return callApi<{ token: string; user: { id: string; referralCode: string } }>(
    server,
    'POST',
    '/api/auth/login',
    {
      email,
      password,
    },
  );
}
