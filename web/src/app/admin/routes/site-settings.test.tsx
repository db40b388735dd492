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
    expect(within(form).getByRole('textbox', { name: 'Users' })).toHaveValue('500,000+');
    expect(within(form).getByRole('textbox', { name: 'Accuracy' })).toHaveValue('85%+');
    expect(within(form).getByRole('textbox', { name: 'Satisfaction' })).toHaveValue('98%');
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
    const telegram = within(form).getByRole('textbox', { name: 'Telegram channel (optional)' });
    await user.clear(telegram);
    await user.type(telegram, 'http://t.me/CashTipsNG');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(users).toHaveAccessibleDescription('Enter the figure.');
    expect(users).toHaveFocus();
    expect(telegram).toHaveAccessibleDescription(
      'The channel’s t.me link; leave it empty for none. Enter the Telegram channel link (https://…).',
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves the whole settings with PUT, an empty link as null, and says so', async () => {
    const { user, calls } = openSettings({
      'PUT /api/admin/settings': (body) => ({ body: { success: true, settings: body } }),
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const users = within(form).getByRole('textbox', { name: 'Users' });
    await user.clear(users);
    await user.type(users, ' 12,000+ ');
    await user.clear(within(form).getByRole('textbox', { name: 'Telegram channel (optional)' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'WhatsApp community (optional)' }),
      'https://chat.whatsapp.com/AbC123',
    );
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await within(form).findByText('Site settings saved.')).toBeInTheDocument();
    expect(users).toHaveValue('12,000+');
    expect(puts(calls)).toEqual([
      {
        figures: { users: '12,000+', accuracy: '85%+', satisfaction: '98%' },
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
