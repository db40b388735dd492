import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../../config/legal.ts';
import { paths } from '../../config/paths.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { signedInApi } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const policyLinks = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('policies', () => {
  it.each([
    [
      '/terms',
      'Terms of Service',
      ['You must be 18 or older', 'Purchases and refunds', 'Your wallets and payments'],
    ],
    ['/privacy', 'Privacy Policy', ['What we keep', 'How long we keep it', 'Your rights']],
    [
      '/responsible-gambling',
      'Responsible Gambling',
      ['Adults only', 'Warning signs', 'Get help', 'Close your account'],
    ],
  ])(
    '%s shows its policy to a visitor in the public shell, with a contents list and support address',
    async (path, title, sections) => {
      mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } } });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('Last updated 22 November 2026')).toBeInTheDocument();
      const contents = screen.getByRole('navigation', { name: 'On this page' });
      for (const section of sections) {
        expect(
          screen.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${section}$`) }),
        ).toBeInTheDocument();
        expect(within(contents).getByRole('link', { name: section })).toHaveAttribute(
          'href',
          expect.stringMatching(/^#/),
        );
      }
      expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL }).length).toBeGreaterThan(0);
      // The visitor's shell, and the footer every page has.
      expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
      expect(policyLinks(screen.getByRole('navigation', { name: 'Policies' }))).toEqual([
        ['Terms of Service', '/terms'],
        ['Privacy Policy', '/privacy'],
        ['Responsible Gambling', '/responsible-gambling'],
      ]);
    },
  );

  it('the terms say what is refunded and what is not: delivered codes, void codes, corrections, failed payments', async () => {
    mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } } });
    renderApp('/terms');
    const refunds = (
      await screen.findByRole('heading', { level: 2, name: /Purchases and refunds$/ })
    ).closest('section') as HTMLElement;
    for (const rule of [
      /cannot be returned once shown/,
      /settled as void: it counts as neither won nor lost/,
      /does not by itself move money/,
      /A payment is never credited twice/,
    ]) {
      expect(refunds).toHaveTextContent(rule);
    }
  });

  it('the responsible gambling policy sends a user to close the account on the Your data tab, and says what waits', async () => {
    mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } } });
    renderApp('/responsible-gambling');
    const closing = (await screen.findByRole('heading', { level: 2, name: /Close your account$/ })).closest(
      'section',
    ) as HTMLElement;
    expect(within(closing).getByRole('link', { name: 'Your data' })).toHaveAttribute('href', paths.yourData);
    expect(closing).toHaveTextContent(/Withdraw your main wallet first/);
    expect(closing).toHaveTextContent(/a money-back code you bought to be settled/);
    expect(closing).toHaveTextContent(/If you cannot sign in any more, write to/);
  });

  it('keeps a signed-in user in the app layout, bars and footer included', async () => {
    signedInApi();
    renderApp('/responsible-gambling');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Responsible Gambling' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Policies' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]?.getAttribute('href')).toMatch(
      /^mailto:support@cashtips\.ng\?subject=/,
    );
  });

  it('are linked from the register form, where users agree to them', async () => {
    mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } } });
    renderApp('/register');
    const form = await screen.findByRole('button', { name: 'Register' });
    const agreement = form.closest('form') as HTMLElement;
    expect(within(agreement).getByRole('link', { name: 'responsible gambling policy' })).toHaveAttribute(
      'href',
      '/responsible-gambling',
    );
    expect(within(agreement).getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
    expect(within(agreement).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('navigation', { name: 'Policies' })).toBeInTheDocument();
  });
});

describe('a page that does not exist', () => {
  it('shows a visitor the public shell, its footer and the way home', async () => {
    mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } } });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Bottom navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Policies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('keeps the signed-in layout, with the way back to the dashboard', async () => {
    signedInApi();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
