import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { auditEntry, pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { auditFieldLabel, formatAuditValue, humaniseKey } from '../utils/audit-fields.ts';
import { contextFields, diffSnapshots } from './audit-diff.tsx';

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
    expect(within(adjust!).getByRole('link', { name: 'User: ada@example.com' })).toHaveAttribute(
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
    ).toEqual(['₦12,000', '₦7,000']);
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
    ).toEqual(['User', 'Admin']);
  });

  it('shows an edit as a table of the changed fields only, each value readable: naira, Lagos time, odds, games, scores, long notes', async () => {
    const game = {
      matchId: '4f0c3b8e-1111-4222-8333-944455556666',
      teamA: 'Borussia Mönchengladbach',
      teamB: 'Wolverhampton Wanderers',
      league: 'Premier League',
      kickoff: '2026-11-28T15:00:00.000Z',
      prediction: 'Home win',
      odds: 1.5,
      bookmaker: 'SportyBet',
      modelProbability: null,
    };
    const note = `Strong home form; ${'kept to safe goal lines and watched the team news closely '.repeat(4)}`;
    signInAsAdmin({
      'GET /api/admin/audit-log': {
        body: {
          success: true,
          entries: [
            auditEntry({
              _id: 'a_code',
              action: 'code.update',
              targetType: 'booking-code',
              targetId: '9d1c2b3a-aaaa-4bbb-8ccc-123456789abc',
              targetName: 'SportyBet code at 2.85 odds',
              reason: null,
              before: {
                bookmaker: 'SportyBet',
                price: 1500,
                totalOdds: 2.8,
                expiresAt: '2026-11-28T14:00:00.000Z',
                games: [game],
                adminNote: null,
                slotLimit: 50,
              },
              after: {
                bookmaker: 'SportyBet',
                price: 2500,
                totalOdds: 2.85,
                expiresAt: '2026-11-28T14:30:00.000Z',
                games: [{ ...game, odds: 1.9, prediction: 'Over 2.5 goals' }],
                adminNote: note,
                slotLimit: null,
              },
            }),
            auditEntry({
              _id: 'a_result',
              actor: null,
              action: 'match.result',
              targetType: 'match',
              targetId: '4f0c3b8e-1111-4222-8333-944455556666',
              targetName: 'Borussia Mönchengladbach vs Wolverhampton Wanderers',
              reason: null,
              before: { status: 'scheduled', score: null },
              after: { status: 'finished', score: { home: 2, away: 1 } },
            }),
            auditEntry({
              _id: 'a_plan',
              action: 'plan.create',
              targetType: 'rollover-plan',
              targetId: '7e6d5c4b-aaaa-4bbb-8ccc-123456789abc',
              targetName: 'Weekend Banker',
              reason: null,
              before: null,
              after: { name: 'Weekend Banker', price: 2000, duration: 3, odds: 1.3, active: true },
            }),
          ],
          ...pageInfo(3),
        },
      },
    });
    renderApp('/admin/audit');
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    const [edit, result, created] = within(entries).getAllByRole('article');
    const cells = (article: HTMLElement, field: string) => {
      const table = within(article).getByRole('table', { name: 'Changes' });
      const row = within(table).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;
      return within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    };

    expect(
      within(edit!).getByRole('link', { name: 'Booking code: SportyBet code at 2.85 odds' }),
    ).toHaveAttribute('href', '/admin/booking-codes/9d1c2b3a-aaaa-4bbb-8ccc-123456789abc');
    const changes = within(edit!).getByRole('table', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Price', 'Total odds', 'Expires', 'Games', 'Admin note', 'Slot limit']);
    expect(cells(edit!, 'Price')).toEqual(['₦1,500', '₦2,500']);
    expect(cells(edit!, 'Total odds')).toEqual(['2.80', '2.85']);
    // 14:00 UTC is 15:00 in Lagos.
    expect(cells(edit!, 'Expires')).toEqual(['28 Nov 2026, 15:00', '28 Nov 2026, 15:30']);
    expect(cells(edit!, 'Slot limit')).toEqual(['50', 'No limit']);
    const [gamesBefore, gamesAfter] = cells(edit!, 'Games');
    expect(gamesBefore).toContain('Borussia Mönchengladbach vs Wolverhampton Wanderers');
    expect(gamesBefore).toContain('Premier League · 28 Nov 2026, 16:00');
    expect(gamesBefore).toContain('Home win · @ 1.50 · SportyBet');
    expect(gamesAfter).toContain('Over 2.5 goals · @ 1.90 · SportyBet');
    expect(cells(edit!, 'Admin note')).toEqual(['—', note]);

    expect(within(result!).getByText('Automatic (no admin)')).toBeInTheDocument();
    expect(cells(result!, 'Status')).toEqual(['No result yet', 'Finished']);
    expect(cells(result!, 'Score')).toEqual(['—', '2-1']);

    // A creation shows what was set, once.
    expect(
      within(within(created!).getByRole('table', { name: 'Changes' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Field', 'Set to']);
    expect(cells(created!, 'Price')).toEqual(['₦2,000']);
    expect(cells(created!, 'Duration')).toEqual(['3 days']);
    expect(cells(created!, 'Target odds')).toEqual(['1.30']);
    expect(cells(created!, 'Active')).toEqual(['Yes']);

    for (const article of [edit, result, created]) expect(article!.textContent).not.toMatch(/[{}[\]"]/);
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
    expect(auditFieldLabel('fakeBuyerEnabled')).toBe('Fake buyers shown');
    expect(formatAuditValue('note', null)).toBe('—');
    expect(formatAuditValue('active', false)).toBe('No');
    expect(formatAuditValue('recipients', 1234567.5)).toBe('1,234,567.5');
    expect(formatAuditValue('amount', -250)).toBe('-₦250');
    expect(formatAuditValue('amount', 750)).toBe('+₦750');
    expect(formatAuditValue('confidence', 85)).toBe('85%');
    expect(formatAuditValue('modelProbability', 0.625)).toBe('62.5%');
    expect(formatAuditValue('day', '2026-11-24')).toBe('Tue 24 Nov');
    expect(formatAuditValue('wallet', 'bonus')).toBe('Bonus wallet');
    expect(formatAuditValue('urgency', 'high')).toBe('Hot');
  });
});
