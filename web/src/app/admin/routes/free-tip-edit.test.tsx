import { tipMessages } from '@cashtips/contract/tips';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminFreeTip, resultIds } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const tipPath = `/api/admin/tips/${resultIds.freeTip}`;
const listRoute = { 'GET /api/admin/tips': { body: { success: true, tips: [], ...pageInfo(0) } } };

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** A hint alone: the field's empty error line adds nothing but a space to its description. */
const only = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

function openNewForm(create: MockRoute) {
  const api = signInAsAdmin({ 'POST /api/admin/tips': create, ...listRoute });
  return { ...api, ...renderApp('/admin/free-tips/new') };
}

function openTip(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    [`GET ${tipPath}`]: { body: { success: true, tip: adminFreeTip() } },
    ...listRoute,
    ...routes,
  });
  return { ...api, ...renderApp(`/admin/free-tips/${resultIds.freeTip}`) };
}

describe('new free tip form', () => {
  it('says under the prediction what market it is read as, as the admin types', async () => {
    const { user } = openNewForm({ status: 201, body: { success: true, tip: adminFreeTip() } });
    await screen.findByRole('heading', { name: 'New free tip' });
    const prediction = field('Prediction');
    expect(prediction).toHaveAccessibleDescription(
      only('What the tip says, e.g. Home win, Over 2.5 goals or BTTS yes.'),
    );
    await user.type(field('Home team'), 'Arsenal');
    await user.type(field('Away team'), 'Chelsea');
    await user.type(prediction, 'Chelsea or draw');
    expect(prediction).toHaveAccessibleDescription(
      only('Read as: Double chance: draw or Chelsea. It settles from the final score.'),
    );
    await user.clear(prediction);
    await user.type(prediction, 'Saka to score first');
    expect(prediction).toHaveAccessibleDescription(
      only('Not a market we settle from scores: settle it by hand.'),
    );
  });

  it('posts the Lagos kickoff with its offset, the odds and confidence as numbers, and goes back to the list', async () => {
    const { user, calls } = openNewForm({ status: 201, body: { success: true, tip: adminFreeTip() } });
    await screen.findByRole('heading', { name: 'New free tip' });
    await user.type(field('Home team'), ' Arsenal ');
    await user.type(field('Away team'), 'Chelsea');
    await user.type(field('League'), 'Premier League');
    await user.type(screen.getByLabelText('Kickoff (Lagos time)'), '2025-03-01T17:00');
    await user.type(field('Prediction'), 'Home win');
    await user.type(field('Odds'), '1.85');
    await user.type(field(/^Confidence/), '75');
    await user.type(field(/^Note/), 'Arsenal unbeaten at home since August.');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/free-tips'));
    expect(await screen.findByText('The free tip Arsenal vs Chelsea posted.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/tips').map((call) => call.body)).toEqual([
      {
        teamA: 'Arsenal',
        teamB: 'Chelsea',
        league: 'Premier League',
        kickoff: '2025-03-01T17:00:00+01:00',
        prediction: 'Home win',
        totalOdds: 1.85,
        note: 'Arsenal unbeaten at home since August.',
        confidence: 75,
      },
    ]);
  });

  it('checks the fields with the contract schema before anything is sent', async () => {
    const { user, calls } = openNewForm({ status: 201, body: { success: true, tip: adminFreeTip() } });
    await screen.findByRole('heading', { name: 'New free tip' });
    await user.type(field('Odds'), '1');
    await user.type(field(/^Confidence/), 'sure');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    expect(field('Home team')).toHaveAccessibleDescription('The home team is required.');
    expect(field('Home team')).toHaveFocus();
    expect(field('Away team')).toHaveAccessibleDescription('The away team is required.');
    expect(field('League')).toHaveAccessibleDescription('League is required.');
    expect(screen.getByLabelText('Kickoff (Lagos time)')).toHaveAccessibleDescription(
      'West Africa Time (UTC+1). Kickoff must be a date and time.',
    );
    expect(field('Prediction')).toHaveAccessibleDescription(/The prediction is required\.$/);
    expect(field('Odds')).toHaveAccessibleDescription('Odds start at 1.01.');
    expect(field(/^Confidence/)).toHaveAccessibleDescription('Enter a number, e.g. 2.5.');
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/tips')).toHaveLength(0);
  });

  it('shows the server’s field errors next to their fields and stays on the form', async () => {
    const { user } = openNewForm({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Kickoff must be a date and time.',
        errors: [{ field: 'kickoff', message: 'Kickoff must be a date and time.' }],
      },
    });
    await screen.findByRole('heading', { name: 'New free tip' });
    await user.type(field('Home team'), 'Arsenal');
    await user.type(field('Away team'), 'Chelsea');
    await user.type(field('League'), 'Premier League');
    await user.type(screen.getByLabelText('Kickoff (Lagos time)'), '2025-03-01T17:00');
    await user.type(field('Prediction'), 'Home win');
    await user.type(field('Odds'), '1.85');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    const kickoff = screen.getByLabelText('Kickoff (Lagos time)');
    await waitFor(() =>
      expect(kickoff).toHaveAccessibleDescription(
        'West Africa Time (UTC+1). Kickoff must be a date and time.',
      ),
    );
    expect(kickoff).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Kickoff must be a date and time.');
    expect(currentLocation()).toBe('/admin/free-tips/new');
  });
});

describe('admin free tip screen', () => {
  it('fills the form in Lagos time, keeps the league of its match and sends only the changed fields', async () => {
    const { user, calls } = openTip({
      // Stored with seconds: the form shows minutes, and an untouched kickoff is not sent as a change.
      [`GET ${tipPath}`]: {
        body: { success: true, tip: adminFreeTip({ kickoff: '2025-03-01T16:00:30.000Z' }) },
      },
      [`PATCH ${tipPath}`]: { body: { success: true, tip: adminFreeTip({ totalOdds: 1.9 }) } },
    });
    const form = await screen.findByRole('form', { name: 'Edit free tip' });
    expect(within(form).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2025-03-01T17:00');
    const league = within(form).getByRole('textbox', { name: 'League' });
    expect(league).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: 'Prediction' })).toHaveAccessibleDescription(
      only('Read as: Arsenal to win. It settles from the final score.'),
    );
    const odds = within(form).getByRole('textbox', { name: 'Odds' });
    await user.clear(odds);
    await user.type(odds, '1.9');
    await user.clear(within(form).getByRole('textbox', { name: /^Confidence/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/free-tips'));
    expect(await screen.findByText('The free tip Arsenal vs Chelsea saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', tipPath).map((call) => call.body)).toEqual([
      { totalOdds: 1.9, confidence: null },
    ]);
  });

  it('moves the tip to another kickoff with the new time only', async () => {
    const { user, calls } = openTip({
      [`PATCH ${tipPath}`]: { body: { success: true, tip: adminFreeTip() } },
    });
    const form = await screen.findByRole('form', { name: 'Edit free tip' });
    const kickoff = within(form).getByLabelText('Kickoff (Lagos time)');
    await user.clear(kickoff);
    await user.type(kickoff, '2025-03-01T20:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/free-tips'));
    expect(callsTo(calls, 'PATCH', tipPath).map((call) => call.body)).toEqual([
      { kickoff: '2025-03-01T20:00:00+01:00' },
    ]);
  });

  it('settles by hand after the confirmation and shows the result', async () => {
    const { user, calls } = openTip({
      [`POST ${tipPath}/settle`]: {
        body: {
          success: true,
          tip: adminFreeTip({ result: 'won', status: 'Won', settledAt: '2025-03-01T19:00:00.000Z' }),
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    expect(within(section).getByText('Arsenal to win')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/admin/matches/${resultIds.match}`,
    );
    await user.click(within(section).getByRole('button', { name: 'Won' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Settle the free tip Arsenal vs Chelsea as Won?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Won' }));
    expect(await within(section).findByText('Settled as Won.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${tipPath}/settle`).map((call) => call.body)).toEqual([{ result: 'won' }]);
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    const { user, calls } = openTip({
      [`DELETE ${tipPath}`]: { body: { success: true, message: 'Tip deleted.' } },
    });
    const section = await screen.findByRole('region', { name: 'Delete tip' });
    await user.click(within(section).getByRole('button', { name: 'Delete tip' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the free tip Arsenal vs Chelsea?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/free-tips'));
    expect(await screen.findByText('The free tip Arsenal vs Chelsea deleted.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', tipPath)).toHaveLength(1);
  });

  it('says when the tip does not exist', async () => {
    openTip({
      [`GET ${tipPath}`]: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: tipMessages.tipNotFound },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Free tip not found' })).toBeInTheDocument();
  });
});
