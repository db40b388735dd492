import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

/** The landing page with `config` injected as the server does, removed after the test. */
function renderLanding(config: object) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'app-config';
  script.textContent = JSON.stringify(config);
  document.head.append(script);
  onTestFinished(() => script.remove());
  renderApp('/');
}

const recordLine = '60% won over the last 90 days (3 of 5 settled)';

/** The figures shown, as [label, figure] pairs in order; each takes a third of the row. */
async function shownFigures() {
  await screen.findByRole('heading', { level: 1 });
  const numbers = screen.queryByRole('heading', { name: 'CashTips in numbers' })?.closest('section');
  const list = numbers?.querySelector('dl');
  if (!list) return [];
  return [...list.children].map((item) => {
    expect(item).toHaveClass('w-1/3');
    return [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent];
  });
}

describe('landing figures (PRODUCT 13, honest figures)', () => {
  it('shows the three figures the server sent, in order', async () => {
    renderLanding({ stats: { users: '1,200+', accuracy: '60%', satisfaction: '9 in 10' }, recordLine });
    expect(await shownFigures()).toEqual([
      ['Users', '1,200+'],
      ['Tip accuracy', '60%'],
      ['Satisfaction', '9 in 10'],
    ]);
  });

  it('shows two when satisfaction was not set, with no empty box', async () => {
    renderLanding({ stats: { users: '1,200+', accuracy: '60%', satisfaction: null }, recordLine });
    expect(await shownFigures()).toEqual([
      ['Users', '1,200+'],
      ['Tip accuracy', '60%'],
    ]);
    expect(screen.queryByText('Satisfaction')).not.toBeInTheDocument();
  });

  it('shows one alone, centred, when nothing is settled yet', async () => {
    renderLanding({ stats: { users: '57+', accuracy: null, satisfaction: null } });
    expect(await shownFigures()).toEqual([['Users', '57+']]);
    const list = screen.getByText('57+').closest('dl');
    expect(list).toHaveClass('justify-center');
  });

  it('shows only the verified record when there is no figure, and nothing when there is neither', async () => {
    renderLanding({ stats: { users: null, accuracy: '', satisfaction: null }, recordLine });
    expect(await shownFigures()).toEqual([]);
    const numbers = screen
      .getByRole('heading', { name: 'CashTips in numbers' })
      .closest('section') as HTMLElement;
    expect(within(numbers).getByText(/Verified record of our free tips/)).toHaveTextContent(recordLine);
    expect(within(numbers).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows no section at all without figures or record, and never a figure it was not sent', async () => {
    renderLanding({ stats: { users: 7, accuracy: { value: '85%+' } } });
    expect(await shownFigures()).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'CashTips in numbers' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/500,000|85%|98%/);
  });
});
