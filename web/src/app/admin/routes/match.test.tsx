import { footballMessages } from '@cashtips/contract/football';
import { type AdminMatch, resultMessages } from '@cashtips/contract/matches';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  adminMatch,
  disagreement,
  finishingMatch,
  matchDetail,
  matchGames,
  resultAnswer,
  resultIds,
  waitingMatch,
} from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const matchPath = `/api/admin/matches/${resultIds.match}`;
const resultPath = `${matchPath}/result`;

function openMatch(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({ [`GET ${matchPath}`]: { body: matchDetail() }, ...routes });
  return { ...api, ...renderApp(`/admin/matches/${resultIds.match}`) };
}

const finished = () =>
  matchDetail({ status: 'finished', score: { home: 2, away: 1 }, resultAt: '2025-03-01T19:00:00.000Z' });

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === resultPath).map((call) => call.body);

describe('admin match screen', () => {
  it('lists every game on the match: its item, prediction, what it is read as (or by hand) and outcomes', async () => {
    openMatch();
    expect(await screen.findByRole('heading', { level: 1, name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
    expect(
      screen.getByText(/Premier League · 1 Mar 2025, 17:00 · 2 games · 2 items waiting/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Games on this match' });
    const free = within(table).getByRole('row', { name: /Arsenal vs Chelsea/ });
    expect(within(free).getByText('Free tip')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/admin/free-tips/${resultIds.freeTip}`,
    );
    expect(within(free).getByText('Read as Arsenal to win')).toBeInTheDocument();
    const code = within(table).getByRole('row', { name: /SportyBet code/ });
    expect(within(code).getByRole('link', { name: 'SportyBet code at 12.50 odds' })).toHaveAttribute(
      'href',
      `/admin/booking-codes/${resultIds.code}`,
    );
    expect(within(code).getByText('Saka to score')).toBeInTheDocument();
    expect(within(code).getByText('Settled by hand')).toBeInTheDocument();
  });

  it('records a score after the confirmation, then shows the server’s message and what it settled', async () => {
    let recorded = false;
    const { user, calls } = openMatch({
      [`GET ${matchPath}`]: () => {
        const { match, games } = resultAnswer();
        return { body: recorded ? { success: true, match, games } : matchDetail() };
      },
      [`POST ${resultPath}`]: () => {
        recorded = true;
        return { body: resultAnswer() };
      },
    });
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    expect(within(form).queryByRole('textbox', { name: /Reason/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Arsenal goals' }), '2');
    await user.type(within(form).getByRole('textbox', { name: 'Chelsea goals' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Save result' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Record Arsenal 2-1 Chelsea?' });
    expect(dialog).toHaveTextContent('2 items are waiting on this match.');
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Record result' }));

    const section = screen.getByRole('region', { name: 'Result' });
    expect(await within(section).findByText('Result saved. 1 item settled.')).toBeInTheDocument();
    const settled = within(section).getByRole('list', { name: 'Settled by this result' });
    const item = within(settled).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/admin/free-tips/${resultIds.freeTip}`,
    );
    expect(within(item).getByText('Free tip')).toBeInTheDocument();
    expect(within(item).getByText('Pending')).toBeInTheDocument();
    expect(within(item).getByText('Won')).toBeInTheDocument();
    expect(posts(calls)).toEqual([{ status: 'finished', homeGoals: 2, awayGoals: 1 }]);
    // The match now has a result: the header and the form follow, and a change will need a reason.
    expect(await within(section).findByText(/Recorded 2-1 on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change result' })).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: /Reason for the change/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Games on this match' });
    expect(
      within(within(table).getByRole('row', { name: /Arsenal vs Chelsea/ })).getAllByText('Won'),
    ).toHaveLength(2);
  });

  it('asks for both goals before anything is sent', async () => {
    const { user, calls } = openMatch();
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    await user.type(within(form).getByRole('textbox', { name: 'Arsenal goals' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save result' }));
    const home = within(form).getByRole('textbox', { name: 'Arsenal goals' });
    expect(home).toHaveAccessibleDescription('Goals are a whole number from 0 to 99.');
    expect(home).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Chelsea goals' })).toHaveAccessibleDescription(
      resultMessages.scoreRequired,
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('records a postponed match as void without goals', async () => {
    const { user, calls } = openMatch({
      [`POST ${resultPath}`]: {
        body: resultAnswer({
          message: 'Result saved. Nothing was waiting on it.',
          match: adminMatch({ status: 'void', resultAt: '2025-03-01T19:00:00.000Z' }),
          settled: [],
        }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    await user.click(within(form).getByRole('checkbox', { name: 'Void (postponed or abandoned)' }));
    expect(within(form).getByRole('textbox', { name: 'Arsenal goals' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Save result' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Record Arsenal vs Chelsea as void?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record result' }));
    expect(await screen.findByText('Result saved. Nothing was waiting on it.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Settled by this result' })).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([{ status: 'void' }]);
  });

  it('changes a recorded result only with a reason, and sends it', async () => {
    const { user, calls } = openMatch({
      [`GET ${matchPath}`]: { body: finished() },
      [`POST ${resultPath}`]: {
        body: resultAnswer({
          match: adminMatch({ status: 'finished', score: { home: 1, away: 1 }, pendingItems: 1 }),
          message: 'Result saved. 1 item settled.',
          settled: [
            {
              kind: 'free',
              itemId: resultIds.freeTip,
              itemTitle: 'free tip Arsenal vs Chelsea',
              before: 'won',
              after: 'lost',
            },
          ],
        }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    expect(within(form).getByRole('textbox', { name: 'Arsenal goals' })).toHaveValue('2');
    const reason = within(form).getByRole('textbox', { name: 'Reason for the change (required)' });
    expect(reason).toBeRequired();
    const away = within(form).getByRole('textbox', { name: 'Chelsea goals' });
    await user.clear(within(form).getByRole('textbox', { name: 'Arsenal goals' }));
    await user.type(within(form).getByRole('textbox', { name: 'Arsenal goals' }), '1');
    expect(away).toHaveValue('1');
    await user.click(within(form).getByRole('button', { name: 'Change result' }));
    expect(reason).toHaveAccessibleDescription(
      `Kept in the audit log with the old and the new result. ${resultMessages.reasonRequired}`,
    );
    expect(reason).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.type(reason, '  Wrong score typed: it ended 1-1  ');
    await user.click(within(form).getByRole('button', { name: 'Change result' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Record Arsenal 1-1 Chelsea?' });
    expect(dialog).toHaveTextContent('Items settled from its earlier result follow the new one.');
    await user.click(within(dialog).getByRole('button', { name: 'Record result' }));
    expect(await screen.findByText('Result saved. 1 item settled.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      { status: 'finished', homeGoals: 1, awayGoals: 1, reason: 'Wrong score typed: it ended 1-1' },
    ]);
    expect(reason).toHaveValue('');
  });

  it('shows the server’s refusal on the reason field when another admin recorded a result meanwhile', async () => {
    const { user } = openMatch({
      [`POST ${resultPath}`]: {
        status: 422,
        body: {
          success: false,
          code: 'BUSINESS_RULE',
          message: resultMessages.reasonRequired,
          errors: [{ field: 'reason', message: resultMessages.reasonRequired }],
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    await user.type(within(form).getByRole('textbox', { name: 'Arsenal goals' }), '0');
    await user.type(within(form).getByRole('textbox', { name: 'Chelsea goals' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Save result' }));
    await user.click(screen.getByRole('button', { name: 'Record result' }));

    const reason = await within(form).findByRole('textbox', { name: /Reason for the change/ });
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription(new RegExp(`${resultMessages.reasonRequired}$`));
    expect(within(form).getByRole('alert')).toHaveTextContent(resultMessages.reasonRequired);
  });

  it('says so when the same result was already recorded', async () => {
    const { user } = openMatch({
      [`GET ${matchPath}`]: { body: finished() },
      [`POST ${resultPath}`]: {
        body: resultAnswer({ changed: false, message: resultMessages.unchanged, settled: [] }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Result of Arsenal vs Chelsea' });
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Checking');
    await user.click(within(form).getByRole('button', { name: 'Change result' }));
    await user.click(screen.getByRole('button', { name: 'Record result' }));
    expect(await screen.findByText(resultMessages.unchanged)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Settled by this result' })).not.toBeInTheDocument();
  });

  it('says when the match does not exist', async () => {
    openMatch({
      [`GET ${matchPath}`]: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: resultMessages.matchNotFound },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Match not found' })).toBeInTheDocument();
  });
});

const holdPath = `${matchPath}/hold`;
const detailOf = (match: AdminMatch) => ({ body: { success: true, match, games: matchGames() } });
const holdAnswer = (message: string, match: AdminMatch) => ({ body: { success: true, message, match } });

/** The value under a label of the match's Football data card. */
function figure(card: HTMLElement, label: string): string {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('football data on the admin match screen', () => {
  it('shows the provider link, the live state and what the provider will record and when', async () => {
    openMatch({ [`GET ${matchPath}`]: detailOf(finishingMatch()) });
    expect(await screen.findByText(/2 items waiting · API-Football #1208099/)).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Football data' });
    expect(figure(card, 'Source')).toBe('API-Football #1208099');
    expect(figure(card, 'Live')).toBe('Full time2-1');
    expect(figure(card, 'Provider’s result')).toBe(
      '2-1, to be recorded on 1 Mar 2025, 19:10 unless you hold it.',
    );
    expect(within(card).getByRole('button', { name: 'Hold match' })).toBeEnabled();
    expect(screen.queryByText('Waiting for you: record this result')).not.toBeInTheDocument();
  });

  it('holds with a reason from the keyboard: sends it, toasts the server’s sentence, shows Held and puts focus on Release', async () => {
    let match = finishingMatch();
    const { user, calls } = openMatch({
      [`GET ${matchPath}`]: () => detailOf(match),
      [`POST ${holdPath}`]: () => {
        match = finishingMatch({ held: true, heldReason: 'Checking a late goal' });
        return holdAnswer(footballMessages.held, match);
      },
    });
    const card = await screen.findByRole('region', { name: 'Football data' });
    const form = within(card).getByRole('form', { name: 'Hold Arsenal vs Chelsea' });
    await user.click(within(form).getByRole('textbox', { name: 'Reason for holding (optional)' }));
    await user.keyboard('  Checking a late goal ');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Hold match' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText(footballMessages.held)).toBeInTheDocument();
    const release = within(card).getByRole('button', { name: 'Release' });
    await waitFor(() => expect(release).toHaveFocus());
    expect(figure(card, 'Held because')).toBe('Checking a late goal');
    expect(figure(card, 'Provider’s result')).toBe('2-1, held until you release it.');
    expect(
      within(screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement).getByText('Held'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === holdPath)).toEqual([
      expect.objectContaining({ method: 'POST', body: { reason: 'Checking a late goal' } }),
    ]);
  });

  it('releases a held match: DELETE, the server’s sentence, and Hold match back with focus', async () => {
    let match = finishingMatch({ held: true, heldReason: null });
    const { user, calls } = openMatch({
      [`GET ${matchPath}`]: () => detailOf(match),
      [`DELETE ${holdPath}`]: () => {
        match = finishingMatch();
        return holdAnswer(footballMessages.released, match);
      },
    });
    const card = await screen.findByRole('region', { name: 'Football data' });
    expect(figure(card, 'Held because')).toBe('No reason given.');
    await user.click(within(card).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText(footballMessages.released)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Hold match' })).toHaveFocus());
    expect(within(card).queryByText('Held because')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === holdPath).map((call) => call.method)).toEqual(['DELETE']);
  });

  it('a refused hold shows the server’s sentence and reads the match again', async () => {
    let match = finishingMatch();
    const { user, calls } = openMatch({
      [`GET ${matchPath}`]: () => detailOf(match),
      [`POST ${holdPath}`]: () => {
        // Another admin held it a moment before.
        match = finishingMatch({ held: true, heldReason: 'VAR review' });
        return {
          status: 409,
          body: { success: false, code: 'CONFLICT', message: footballMessages.alreadyHeld },
        };
      },
    });
    const card = await screen.findByRole('region', { name: 'Football data' });
    await user.click(within(card).getByRole('button', { name: 'Hold match' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(footballMessages.alreadyHeld);
    expect(await within(card).findByRole('button', { name: 'Release' })).toBeInTheDocument();
    expect(figure(card, 'Held because')).toBe('VAR review');
    expect(calls.filter((call) => call.path === holdPath)).toEqual([
      expect.objectContaining({ method: 'POST', body: {} }),
    ]);
  });

  it('says loudly when the provider’s figures disagree and the result is the admin’s to record', async () => {
    openMatch({ [`GET ${matchPath}`]: detailOf(waitingMatch()) });
    expect(await screen.findByText('Waiting for you: record this result')).toBeInTheDocument();
    expect(screen.getByText(disagreement)).toBeInTheDocument();
    expect(
      screen.getByText('The provider will not record it. Check the score and save it in the Result card.'),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Football data' });
    expect(figure(card, 'Provider’s result')).toBe('Waiting for you: its figures disagree.');
  });

  it('says a match typed by an admin has no provider, and shows no live state', async () => {
    openMatch();
    const card = await screen.findByRole('region', { name: 'Football data' });
    expect(figure(card, 'Source')).toBe('Typed by an admin');
    expect(within(card).queryByText('Live', { selector: 'dt' })).not.toBeInTheDocument();
    expect(figure(card, 'Provider’s result')).toBe('No provider follows this match: you record its result.');
  });
});
