import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { calibrationAnswer } from '../../../testing/prediction-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { marketRecordText } from './model.tsx';

afterEach(() => queryClient.clear());

const calibrationPath = 'GET /api/admin/predictions/calibration';

function openModel(answer = calibrationAnswer()) {
  signInAsAdmin({ [calibrationPath]: { body: answer } });
  return renderApp('/admin/model');
}

/** Each row of a table as its cells' texts. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('admin model screen', () => {
  it('shows the running RPS against the base rates in figures and plain words', async () => {
    openModel();
    const running = await screen.findByRole('region', { name: 'Running RPS' });
    expect(
      within(running)
        .getAllByRole('term')
        .map((term) => term.parentElement?.textContent),
    ).toEqual(['Model RPS0.1921', 'Base rates RPS0.2310', 'Matches counted412']);
    // (0.2310 − 0.1921) ÷ 0.2310 = 16.8%
    expect(running).toHaveTextContent(
      'Over 412 finished matches, the model’s ranked probability score (RPS) is 0.1921, against 0.2310 for the base rates (each league’s past home, draw and away shares). Lower is better: the model is 16.8% better than the base rates.',
    );
  });

  it('says so when the model does worse than the base rates', async () => {
    openModel(calibrationAnswer({ running: { matches: 1, rps: 0.25, baselineRps: 0.23 } }));
    const running = await screen.findByRole('region', { name: 'Running RPS' });
    expect(running).toHaveTextContent('Over 1 finished match,');
    expect(running).toHaveTextContent('Lower is better: the model is 8.7% worse than the base rates.');
  });

  it('shows the model’s settled priced picks at the market’s prices: the return at the posted price and the move to the closing one', async () => {
    openModel();
    const market = await screen.findByRole('region', { name: 'At the market’s prices' });
    expect(
      within(market)
        .getAllByRole('term')
        .map((term) => term.parentElement?.textContent),
    ).toEqual(['Return at posted price+6.4%', 'Price move to kickoff−2.1%', 'Priced picks18']);
    expect(market).toHaveTextContent(
      'Staked one unit each at the market price when posted, the model’s 18 settled free-tip picks with a price (10 won, 8 lost) returned +6.4% per stake. By kickoff, for the 15 of them with a closing price, the price had moved −2.1% on average: a shorter price means the market came round to the model.',
    );
  });

  it('says when no priced pick is settled yet, or none has a closing price', async () => {
    const none = {
      picks: 0,
      won: 0,
      lost: 0,
      returnPercent: null,
      closingPicks: 0,
      closingChangePercent: null,
    };
    openModel(calibrationAnswer({ market: none }));
    const market = await screen.findByRole('region', { name: 'At the market’s prices' });
    expect(
      within(market)
        .getAllByRole('term')
        .map((term) => term.parentElement?.textContent),
    ).toEqual(['Return at posted price—', 'Price move to kickoff—', 'Priced picks0']);
    expect(market).toHaveTextContent(
      'No settled model free tip was posted with a market price yet: these figures appear once one is.',
    );
    expect(marketRecordText({ ...none, picks: 1, won: 0, lost: 1, returnPercent: -100 })).toBe(
      'Staked one unit each at the market price when posted, the model’s 1 settled free-tip pick with a price (0 won, 1 lost) returned −100.0% per stake. None has a closing price yet.',
    );
    expect(
      marketRecordText({
        picks: 2,
        won: 1,
        lost: 1,
        returnPercent: 5,
        closingPicks: 2,
        closingChangePercent: 0.8,
      }),
    ).toMatch(/ By kickoff their price had moved \+0\.8% on average:/);
  });

  it('draws the calibration with a point per settled bucket and lists every bucket in a table', async () => {
    openModel();
    const chart = await screen.findByRole('region', { name: 'Calibration' });
    const image = within(chart).getByRole('img');
    expect(image).toHaveAccessibleName(
      'Calibration of 40 settled model picks: 40–50% predicted: 40.0% won of 10; 50–60% predicted: 58.3% won of 24; 70–80% predicted: 83.3% won of 6. Perfect calibration lies on the diagonal.',
    );
    expect(image.querySelectorAll('circle')).toHaveLength(3);
    // The counts label their points.
    expect([...image.querySelectorAll('circle + text')].map((label) => label.textContent)).toEqual([
      '10',
      '24',
      '6',
    ]);

    const table = within(chart).getByRole('table', {
      name: 'Calibration of settled model picks by posted probability',
    });
    const [head, ...body] = rows(table);
    expect(head).toEqual(['Posted probability', 'Settled', 'Won', 'Mean predicted', 'Observed']);
    expect(body).toHaveLength(10);
    expect(body[0]).toEqual(['0–10%', '0', '0', '—', '—']);
    expect(body[4]).toEqual(['40–50%', '10', '4', '45.2%', '40.0%']);
    expect(body[5]).toEqual(['50–60%', '24', '14', '54.8%', '58.3%']);
    expect(body[7]).toEqual(['70–80%', '6', '5', '73.1%', '83.3%']);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Suggestions' })).toHaveAttribute(
      'href',
      '/admin/suggestions',
    );
  });

  it('says no model pick has been settled yet instead of an empty chart', async () => {
    const empty = calibrationAnswer();
    openModel({
      ...empty,
      buckets: empty.buckets.map((bucket) => ({
        ...bucket,
        settled: 0,
        won: 0,
        meanProbability: null,
        observedFrequency: null,
      })),
      running: { matches: 0, rps: null, baselineRps: null },
    });
    expect(await screen.findByText(/No model pick has been settled yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Calibration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the suggestions' })).toHaveAttribute(
      'href',
      '/admin/suggestions',
    );
    const running = screen.getByRole('region', { name: 'Running RPS' });
    expect(running).toHaveTextContent(
      'No finished match has a stored prediction yet: the running score appears once one does.',
    );
  });

  it('says it is loading, and offers Retry when the load fails', async () => {
    signInAsAdmin({ [calibrationPath]: () => pending() });
    const { unmount } = renderApp('/admin/model');
    expect(await screen.findByText('Loading the model’s record…')).toHaveAttribute('role', 'status');
    unmount();
    queryClient.clear();

    signInAsAdmin({
      [calibrationPath]: {
        status: 500,
        body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' },
      },
    });
    renderApp('/admin/model');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
