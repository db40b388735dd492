import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { auditEntry, pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { contextFields, diffSnapshots, formatValue, humaniseKey } from './audit-diff.tsx';

afterEach(() => queryClient.clear());

describe('audit log screen', () => {
  it('shows who did what to which target, when and why, with the changed keys before and after', async () => {
    signInAsAdmin({
      'GET /api/admin/audit-log': {
        body: {
          success: true,
          entries: [
            auditEntry(),
            auditEntry({
              _id: 'a_2',
              action: 'user.role',
              before: { role: 'user' },
              after: { role: 'admin' },
              reason: null,
              createdAt: '2025-03-01T08:00:00.000Z',
            }),
          ],
          ...pageInfo(2),
        },
      },
    });
    renderApp('/admin/audit');
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    const [adjust, role] = within(entries).getAllByRole('article');

    expect(within(adjust!).getByRole('heading', { name: 'Wallet adjustment' })).toBeInTheDocument();
    expect(within(adjust!).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(adjust!).getByRole('link', { name: 'User u_1' })).toHaveAttribute(
      'href',
      '/admin/users/u_1',
    );
    expect(within(adjust!).getByText('Refund of a duplicate deposit')).toBeInTheDocument();
    expect(within(adjust!).getByText('2 Mar 2025, 13:00')).toBeInTheDocument();
    const changes = within(adjust!).getByRole('table', { name: 'Changes' });
    const main = within(changes).getByRole('row', { name: /Main wallet/ });
    expect(
      within(main)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12,000', '7,000']);
    // Unchanged keys stay out of the way.
    expect(within(changes).queryByRole('row', { name: /Bonus wallet/ })).not.toBeInTheDocument();

    expect(within(role!).getByRole('heading', { name: 'Role change' })).toBeInTheDocument();
    const roleRow = within(within(role!).getByRole('table', { name: 'Changes' })).getByRole('row', {
      name: /Role/,
    });
    expect(
      within(roleRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['user', 'admin']);
  });

  it('filters by action', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/audit-log': { body: { success: true, entries: [], ...pageInfo(0) } },
    });
    const { user } = renderApp('/admin/audit');
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'deposit.verify');
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        '/api/admin/audit-log?action=deposit.verify&page=1&limit=20',
      ),
    );
    expect(await screen.findByText('No entries for this action yet.')).toBeInTheDocument();
  });
});

describe('audit diff', () => {
  it('keeps only the keys whose value changed', () => {
    expect(diffSnapshots({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 }, d: true })).toEqual([
      { key: 'b', before: { c: 2 }, after: { c: 3 } },
      { key: 'd', before: undefined, after: true },
    ]);
  });

  it('treats a missing side as every key changed, and plain values as one row', () => {
    expect(diffSnapshots(null, { role: 'admin' })).toEqual([
      { key: 'role', before: undefined, after: 'admin' },
    ]);
    expect(diffSnapshots('pending', 'success')).toEqual([{ key: '', before: 'pending', after: 'success' }]);
    expect(diffSnapshots({ a: 1 }, { a: 1 })).toEqual([]);
    expect(diffSnapshots({ status: 'pending' }, { status: 'pending', failureReason: null })).toEqual([]);
  });

  it('shows a key recorded only before as context, not as a removal', () => {
    const before = { status: 'pending', reference: 'CT-REF-0001' };
    const after = { status: 'failed', failureReason: 'Declined' };
    expect(diffSnapshots(before, after)).toEqual([
      { key: 'status', before: 'pending', after: 'failed' },
      { key: 'failureReason', before: undefined, after: 'Declined' },
    ]);
    expect(contextFields(before, after)).toEqual([{ key: 'reference', value: 'CT-REF-0001' }]);
  });

  it('names keys and values for people', () => {
    expect(humaniseKey('mainWallet')).toBe('Main wallet');
    expect(humaniseKey('failure_reason')).toBe('Failure reason');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(1234567.5)).toBe('1,234,567.5');
  });
});
