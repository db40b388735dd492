import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { storeSession, testUser } from '../../testing/fixtures.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

/** Renders the landing page with `config` injected as the server does, and removes it after. */
function withAppConfig(config: object) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'app-config';
  script.textContent = JSON.stringify(config);
  document.head.append(script);
  onTestFinished(() => script.remove());
}

const comparison = async () =>
  (await screen.findByRole('heading', { name: 'AI vs human tips' })).closest('section') as HTMLElement;

/** Each row of the comparison table as its cells' texts. */
const comparisonRows = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('landing AI-versus-human section', () => {
  it('compares the model’s settled free tips with our tipsters’ and its RPS with the base rates, as measured', async () => {
    withAppConfig({
      modelRecord: {
        model: { won: 15, lost: 7, successRate: 68.2 },
        human: { won: 3, lost: 1, successRate: null },
        rps: 0.19214,
        baselineRps: 0.2343,
        matches: 412,
      },
    });
    renderApp('/');
    const section = await comparison();
    expect(comparisonRows(section)).toEqual([
      ['', 'AI model', 'Our tipsters'],
      ['Free tips', '15 won, 7 lost (68.2%)', '3 won, 1 lost'],
      ['Based on', 'Past results: goals, home advantage, recency', 'Form, news, judgement'],
      ['Bias', 'Same rules every match', 'Can favour teams'],
    ]);
    expect(section).toHaveTextContent(
      'Forecast error over 412 matches (RPS, lower is better): model 0.192, base rates 0.234.',
    );
    expect(within(section).getByRole('link', { name: 'Past tips' })).toHaveAttribute('href', '/past-tips');
  });

  it('says what the model’s priced picks returned at the market price and how the price moved, as the server wrote it', async () => {
    const marketLine =
      'At the market price when posted, the model’s 12 priced picks returned +4.2% on flat stakes; by kickoff the price of 9 of them had moved −1.8% on average.';
    withAppConfig({
      modelRecord: {
        model: { won: 15, lost: 7, successRate: 68.2 },
        human: { won: 3, lost: 1, successRate: null },
        rps: 0.19214,
        baselineRps: 0.2343,
        matches: 412,
        market: {
          picks: 12,
          won: 8,
          lost: 4,
          returnPercent: 4.2,
          closingPicks: 9,
          closingChangePercent: -1.8,
        },
        marketLine,
      },
    });
    renderApp('/');
    const section = await comparison();
    expect(within(section).getByText(/Forecast error over 412 matches/)).toHaveTextContent(
      `Forecast error over 412 matches (RPS, lower is better): model 0.192, base rates 0.234. ${marketLine} Past tips`,
    );
  });

  it('shows no market sentence before a priced pick is settled, nor one that is not text', async () => {
    for (const marketLine of [null, { text: 'injected' }]) {
      withAppConfig({
        modelRecord: {
          model: { won: 1, lost: 0, successRate: null },
          human: { won: 0, lost: 0, successRate: null },
          rps: 0.1,
          baselineRps: 0.2,
          matches: 1,
          marketLine,
        },
      });
      const { unmount } = renderApp('/');
      const section = await comparison();
      expect(within(section).getByText(/Forecast error/)).toHaveTextContent(
        /^Forecast error over 1 match \(RPS, lower is better\): model 0\.100, base rates 0\.200\.\s+Past tips$/,
      );
      unmount();
      document.getElementById('app-config')?.remove();
    }
  });

  it('counts one match as one match', async () => {
    withAppConfig({
      modelRecord: {
        model: { won: 1, lost: 0, successRate: null },
        human: { won: 0, lost: 0, successRate: null },
        rps: 0.1,
        baselineRps: 0.2,
        matches: 1,
      },
    });
    renderApp('/');
    expect(await comparison()).toHaveTextContent('Forecast error over 1 match (RPS, lower is better)');
  });

  it('says honestly that there is no record yet, and claims nothing the model does not read (injuries, line-ups, odds)', async () => {
    renderApp('/');
    const section = await comparison();
    expect(section).toHaveTextContent('No model pick is settled yet: no record to compare.');
    expect(comparisonRows(section).map(([topic]) => topic)).toEqual(['', 'Based on', 'Bias']);
    expect(section).not.toHaveTextContent(/RPS/);
    expect(screen.getByRole('main')).not.toHaveTextContent(/injur|line-up|odds movement/i);
    expect(within(section).getByRole('link', { name: 'Past tips' })).toHaveAttribute('href', '/past-tips');
  });

  it('ignores a record that is not the shape the server writes', async () => {
    withAppConfig({ modelRecord: { model: { won: '15', lost: 7 }, human: null, matches: 3 } });
    renderApp('/');
    const section = await comparison();
    expect(section).toHaveTextContent('No model pick is settled yet');
    expect(within(section).queryByText('Free tips')).not.toBeInTheDocument();
  });

  it('shows the record without an RPS sentence when the server has no scored match yet', async () => {
    withAppConfig({
      modelRecord: {
        model: { won: 1, lost: 0, successRate: null },
        human: { won: 0, lost: 0, successRate: null },
        rps: null,
        baselineRps: null,
        matches: 0,
      },
    });
    renderApp('/');
    const section = await comparison();
    expect(comparisonRows(section)[1]).toEqual(['Free tips', '1 won, 0 lost', '0 won, 0 lost']);
    expect(section).not.toHaveTextContent(/RPS|No model pick/);
  });
});

describe('landing page', () => {
  it('sends a visitor with a stored user and authToken to the dashboard', async () => {
    storeSession();
    mockApi({ 'GET /api/auth/me': { body: { success: true, user: testUser } } });
    renderApp('/');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('stays on the landing page with a user but no authToken', async () => {
    window.localStorage.setItem('user', JSON.stringify(testUser));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Smarter football tips');
    expect(currentLocation()).toBe('/');
  });

  it('offers Get Started, Login and the three products with their links', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Explore Codes' })).toHaveAttribute('href', '/login');
    for (const name of ['Rollover Plans', 'Booking Codes', 'Free Tips']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
  });

  it('invents no figure when the server sent none (stats.test.tsx has the figures it sends)', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Smarter football tips');
    expect(screen.queryByRole('heading', { name: 'CashTips in numbers' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/500,000|85%\+|98%/);
  });

  it("toggles today's free tips, as the server put them in the page, and says when there are none", async () => {
    const config = document.createElement('script');
    config.type = 'application/json';
    config.id = 'app-config';
    config.textContent = JSON.stringify({
      freeTips: [
        {
          teams: 'Arsenal FC vs Chelsea FC',
          league: 'Premier League',
          time: '20:00',
          prediction: 'Over 2.5 goals',
          totalOdds: 1.72,
        },
        {
          teams: 'Inter vs Milan',
          league: 'Serie A',
          time: '20:45',
          prediction: 'Home win',
          totalOdds: 2.1,
          demo: true,
        },
      ],
      recordLine: '73.6% won over the last 30 days (14 of 19 settled)',
    });
    document.head.append(config);
    try {
      const { user, unmount } = renderApp('/');
      const toggle = await screen.findByRole('button', { name: 'Show today’s free tips' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText('Arsenal FC vs Chelsea FC')).not.toBeVisible();
      await user.click(toggle);
      expect(screen.getByRole('button', { name: 'Hide today’s free tips' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(screen.getByText('Arsenal FC vs Chelsea FC')).toBeVisible();
      expect(screen.getByText(/Over 2.5 goals at 1.72/)).toBeVisible();
      // Demo content says so (PRODUCT 15); a real tip carries no badge.
      const demoTip = screen.getByText('Inter vs Milan').closest('li') as HTMLElement;
      expect(within(demoTip).getByTestId('demo-badge')).toBeVisible();
      const realTip = screen.getByText('Arsenal FC vs Chelsea FC').closest('li') as HTMLElement;
      expect(within(realTip).queryByTestId('demo-badge')).toBeNull();
      expect(screen.getByRole('link', { name: 'Past tips and results' })).toHaveAttribute(
        'href',
        '/past-tips',
      );
      // The verified record beside the marketing figures, with the way to check it.
      const numbers = screen
        .getByRole('heading', { name: 'CashTips in numbers' })
        .closest('section') as HTMLElement;
      expect(
        within(numbers).getByText(/73.6% won over the last 30 days \(14 of 19 settled\)/),
      ).toBeInTheDocument();
      expect(within(numbers).getByRole('link', { name: 'See every result' })).toHaveAttribute(
        'href',
        '/past-tips',
      );
      unmount();
    } finally {
      config.remove();
    }
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Show today’s free tips' }));
    expect(screen.getByText(/No free tip is posted yet today/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See every result' })).not.toBeInTheDocument();
  });

  it('opens one FAQ answer at a time', async () => {
    const { user } = renderApp('/');
    const first = await screen.findByRole('button', { name: 'What is a rollover plan?' });
    const second = screen.getByRole('button', { name: 'How do I fund my wallet?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/fixed number of days/)).toBeVisible();
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/credited once the provider confirms/)).toBeVisible();
  });

  it('answers in its FAQ how to withdraw to a bank account, and promises no set number of free tips (issue 34)', async () => {
    const { user } = renderApp('/');
    const withdraw = await screen.findByRole('button', { name: 'How do I withdraw my money?' });
    await user.click(withdraw);
    expect(screen.getByText(/to a Nigerian bank account/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'How do free tips work?' }));
    expect(screen.getByText(/We publish free tips every day/)).toBeVisible();
    expect(document.body).not.toHaveTextContent(/one free tip every day/i);
  });

  it('hides the cookie banner once accepted and remembers it', async () => {
    const { user, unmount } = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Cookie notice' });
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cookieAccepted')).toBe('true');
    unmount();
    renderApp('/');
    await screen.findByRole('link', { name: 'Get Started' });
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });

  it('carries an 18+ responsible gambling note and Telegram links opening in a new tab', async () => {
    renderApp('/');
    expect(await screen.findByText('18+ only. Gamble responsibly.')).toBeInTheDocument();
    const bot = screen.getByRole('link', { name: 'Open the CashTips Telegram bot (opens in a new tab)' });
    expect(bot).toHaveAttribute('href', 'https://t.me/CashTipsNGBot');
    expect(bot).toHaveAttribute('target', '_blank');
    expect(bot).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('links the three policies from its footer', async () => {
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Responsible Gambling', '/responsible-gambling'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
