import type { SiteSettings } from '@cashtips/contract/site';
import { figureMessages } from '@cashtips/contract/site';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { type MockRoute, pending, type RecordedCall } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { siteSettingsAnswer, tipRecordAnswer } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

function openSettings(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    'GET /api/admin/settings': { body: siteSettingsAnswer() },
    'GET /api/tips/record': { body: tipRecordAnswer() },
    ...routes,
  });
  return { ...api, ...renderApp('/admin/settings') };
}

/** A field's description when it has no error: its hint (the empty error line adds a space). */
const hintOnly = (hint: string) =>
  expect.stringMatching(new RegExp(`^${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`));

const puts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/admin/settings')
    .map((call) => call.body);

describe('admin site settings', () => {
  it('says it is loading until the settings arrive', async () => {
    openSettings({ 'GET /api/admin/settings': () => pending(), 'GET /api/tips/record': () => pending() });
    expect(await screen.findByText('Loading the settings…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('form', { name: 'Site settings' })).not.toBeInTheDocument();
  });

  it('shows the figures and links as set, beside the verified record over 30 and 90 days', async () => {
    openSettings();
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    expect(users).toHaveValue('1,000+');
    expect(users).toHaveAccessibleDescription(
      hintOnly(
        'Measured: 1,200+ verified accounts. Leave empty to show the measured figure; a higher one is refused.',
      ),
    );
    const accuracy = within(form).getByRole('textbox', { name: 'Accuracy' });
    expect(accuracy).toHaveValue('');
    expect(accuracy).toHaveAttribute('placeholder', '66.7%');
    expect(accuracy).toHaveAccessibleDescription(
      hintOnly(
        'Measured: 66.7% of free tips won over the last 90 days. Leave empty to show the measured figure; a higher one is refused.',
      ),
    );
    const satisfaction = within(form).getByRole('textbox', { name: 'Satisfaction' });
    expect(satisfaction).toHaveValue('');
    expect(satisfaction).toHaveAccessibleDescription(
      hintOnly('It cannot be measured: hidden unless you set it. Leave empty to hide it.'),
    );
    expect(within(form).getByRole('textbox', { name: 'Telegram channel (optional)' })).toHaveValue(
      'https://t.me/CashTipsNG',
    );
    expect(within(form).getByRole('textbox', { name: 'WhatsApp community (optional)' })).toHaveValue('');

    const record = await screen.findByRole('region', { name: 'Verified record' });
    const thirty = within(record).getByText('Last 30 days').parentElement!;
    expect(thirty).toHaveTextContent('New');
    expect(thirty).toHaveTextContent('3 won, 1 lost');
    const ninety = within(record).getByText('Last 90 days').parentElement!;
    expect(ninety).toHaveTextContent('66.7%');
    expect(ninety).toHaveTextContent('20 won, 10 lost');
    expect(record).toHaveTextContent('All time: 66.7% (20 won, 10 lost since 2 Dec 2024), 2 pending.');
    expect(record).toHaveTextContent('New: fewer than 5 free tips won or lost in that time.');
  });

  it('checks the figures and links with the contract schema before anything is sent', async () => {
    const { user, calls } = openSettings();
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    await user.clear(users);
    await user.type(users, 'Thousands');
    const telegram = within(form).getByRole('textbox', { name: 'Telegram channel (optional)' });
    await user.clear(telegram);
    await user.type(telegram, 'http://t.me/CashTipsNG');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(users).toHaveAccessibleDescription(
      'Measured: 1,200+ verified accounts. Leave empty to show the measured figure; a higher one is refused. Include the number, e.g. 1,000+.',
    );
    expect(users).toHaveFocus();
    expect(telegram).toHaveAccessibleDescription(
      'The channel’s t.me link; leave it empty for none. Enter the Telegram channel link (https://…).',
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves the whole settings with PUT, an empty link as null, and says so', async () => {
    const { user, calls } = openSettings({
      'PUT /api/admin/settings': (body) => ({ body: siteSettingsAnswer(body as SiteSettings) }),
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    await user.clear(users);
    await user.type(users, ' 1,100+ ');
    await user.clear(within(form).getByRole('textbox', { name: 'Telegram channel (optional)' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'WhatsApp community (optional)' }),
      'https://chat.whatsapp.com/AbC123',
    );
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await within(form).findByText('Site settings saved.')).toBeInTheDocument();
    expect(users).toHaveValue('1,100+');
    expect(puts(calls)).toEqual([
      {
        figures: { users: '1,100+', accuracy: null, satisfaction: null },
        community: { telegram: null, whatsapp: 'https://chat.whatsapp.com/AbC123' },
      },
    ]);
  });

  it('shows the server’s field errors next to their fields', async () => {
    const { user } = openSettings({
      'PUT /api/admin/settings': {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Enter the WhatsApp community link (https://…).',
          errors: [
            { field: 'community.whatsapp', message: 'Enter the WhatsApp community link (https://…).' },
          ],
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const whatsapp = within(form).getByRole('textbox', { name: 'WhatsApp community (optional)' });
    await user.type(whatsapp, 'https://whatsapp.com/channel/x');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter the WhatsApp community link (https://…).',
    );
    expect(whatsapp).toHaveAccessibleDescription(
      'The community’s chat.whatsapp.com invite link; leave it empty for none. Enter the WhatsApp community link (https://…).',
    );
    expect(whatsapp).toHaveFocus();
    expect(screen.queryByText('Site settings saved.')).not.toBeInTheDocument();
  });

  it('shows the refusal of a figure above the measured one (422) on its field', async () => {
    const message = figureMessages.usersAbove('1,200+');
    const { user, calls } = openSettings({
      'PUT /api/admin/settings': {
        status: 422,
        body: {
          success: false,
          code: 'BUSINESS_RULE',
          message,
          errors: [{ field: 'figures.users', message }],
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    await user.clear(users);
    await user.type(users, '500,000+');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(message).toContain('1,200+ verified accounts');
    expect(users).toHaveAccessibleDescription(
      `Measured: 1,200+ verified accounts. Leave empty to show the measured figure; a higher one is refused. ${message}`,
    );
    expect(users).toHaveFocus();
    expect(puts(calls)).toEqual([
      expect.objectContaining({ figures: { users: '500,000+', accuracy: null, satisfaction: null } }),
    ]);
    expect(screen.queryByText('Site settings saved.')).not.toBeInTheDocument();
  });

  it('says when a figure set earlier is above the measured one and not shown, and when nothing is measured', async () => {
    openSettings({
      'GET /api/admin/settings': {
        body: siteSettingsAnswer(
          { figures: { users: '50,000+', accuracy: '70%', satisfaction: null } },
          {
            users: { measured: '1,200+', shown: '1,200+', setAboveMeasured: true },
            accuracy: { measured: null, shown: null, setAboveMeasured: true },
          },
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    // Not shown on the site, so the box starts empty: saving stores the measured figure.
    expect(users).toHaveValue('');
    expect(users).toHaveAccessibleDescription(
      hintOnly(
        'Measured: 1,200+ verified accounts. Leave empty to show the measured figure; a higher one is refused. The 50,000+ set earlier is above it and is not shown; saving clears it.',
      ),
    );
    expect(within(form).getByRole('textbox', { name: 'Accuracy' })).toHaveAccessibleDescription(
      hintOnly(
        'Measured: nothing yet (fewer than 5 free tips settled in the last 90 days), so the figure is hidden. Leave empty to show the measured figure; a higher one is refused. The 70% set earlier is above it and is not shown; saving clears it.',
      ),
    );
  });

  it('shows a failure to load with Retry, for the settings and for the record', async () => {
    let fail = true;
    const failure = {
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' },
    };
    const { user } = openSettings({
      'GET /api/admin/settings': () => (fail ? failure : { body: siteSettingsAnswer() }),
      'GET /api/tips/record': () => (fail ? failure : { body: tipRecordAnswer() }),
    });
    // Each load fails on its own (after one retry of a server error) and offers its own Retry.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2), {
      timeout: 4000,
    });
    for (const alert of screen.getAllByRole('alert').filter((node) => node.textContent)) {
      expect(alert).toHaveTextContent('Something went wrong.');
    }
    fail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Retry' })) await user.click(retry);
    expect(await screen.findByRole('form', { name: 'Site settings' })).toBeInTheDocument();
    expect(await screen.findByText('66.7%')).toBeInTheDocument();
  });
});
