import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adaDetail, pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const emptyLedger = { body: { success: true, transactions: [], ...pageInfo(0) } };

function openAda(restriction: ReturnType<typeof adaDetail>['user']['restriction']) {
  signInAsAdmin({
    'GET /api/admin/users/u_1': () => ({
      body: { ...adaDetail(), user: { ...adaDetail().user, restriction } },
    }),
    'GET /api/admin/users/u_1/transactions': emptyLedger,
  });
  renderApp('/admin/users/u_1');
}

describe("the admin's user page and a user's own restriction", () => {
  it('shows a self-exclusion with its end in Lagos time, and says nobody can lift it', async () => {
    openAda({ kind: 'self-exclusion', until: '2027-05-27T09:00:00.000Z' });
    expect(await screen.findByText('Self-excluded until Thu 27 May 2027, 10:00 Lagos time')).toBeVisible();
    expect(screen.getByText(/Nobody can lift or shorten it/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /lift|remove|end/i })).toBeNull();
  });

  it('shows a break the same way', async () => {
    openAda({ kind: 'time-out', until: '2026-12-04T09:44:00.000Z' });
    expect(await screen.findByText('On a break until Fri 4 Dec 2026, 10:44 Lagos time')).toBeVisible();
  });

  it('says nothing of a restriction when the user has none', async () => {
    openAda(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeVisible();
    expect(screen.queryByText(/until .* Lagos time/)).toBeNull();
    expect(screen.queryByText(/Nobody can lift/)).toBeNull();
  });
});
