import { publicPageTitles, SITE_TITLE } from '@cashtips/contract/plain/page-titles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { screenPaths } from '../config/screen-paths.ts';
import { adminPaths } from '../features/admin/utils/admin-paths.ts';
import { signedInApi } from '../testing/money-fixtures.ts';
import { preloadScreens } from '../testing/preload-screens.ts';
import { renderApp } from '../testing/render-app.tsx';
import { PageTitles, usePageName } from './page-title.tsx';
import { pageTitle } from './page-titles.ts';

preloadScreens(
  () => import('./routes/wallet.tsx'),
  () => import('./routes/my-codes.tsx'),
  () => import('./routes/app-layout.tsx'),
);

/** Every screen's address from the app's path tables (a `:id` route with an example id). */
function everyScreen(): string[] {
  const id = '0b5f3f4e-6a43-4d55-9d0e-9f1f1c8f2a11';
  const addresses = [
    ...Object.values(paths).filter((path) => !path.includes('?')),
    `${paths.bookingCodes}/${id}`,
    `${paths.booking}/${id}`,
    `${paths.subscribe}/${id}`,
    ...Object.values(screenPaths),
    ...Object.values(adminPaths)
      .map((path) => (typeof path === 'function' ? path(id) : path))
      .filter((path) => !path.includes('?')),
  ].filter((path) => path !== paths.booking);
  return [...new Set(addresses)];
}

describe('tab titles', () => {
  it('names every screen of the path tables after itself, and keeps the public pages’ own titles', () => {
    const titles = new Map<string, string>();
    for (const path of everyScreen()) {
      const title = pageTitle(path);
      expect(title, path).not.toMatch(/Page not found/);
      if (path !== paths.landing) expect(title, path).not.toBe(SITE_TITLE);
      const same = titles.get(title);
      // Two addresses of one screen (/free and /free-tips) may share a title; no two screens do.
      if (same) expect([same, path].sort(), title).toEqual([paths.free, paths.freeTips]);
      titles.set(title, path);
    }
    for (const [path, title] of Object.entries(publicPageTitles)) expect(pageTitle(path)).toBe(title);
    expect(pageTitle(paths.wallet)).toBe('Wallet · CashTips');
    expect(pageTitle(paths.myCodes)).toBe('My Codes · CashTips');
    expect(pageTitle(`${paths.bookingCodes}/abc`)).toBe('Booking code · CashTips');
    expect(pageTitle('/Wallet/')).toBe('Wallet · CashTips');
    expect(pageTitle(`${paths.bookingCodes}/abc/more`)).toBe('Page not found · CashTips');
    expect(pageTitle(adminPaths.users)).toBe('Users · Admin · CashTips');
    expect(pageTitle(adminPaths.newBookingCode)).toBe('New booking code · Admin · CashTips');
    expect(pageTitle(adminPaths.bookingCode('abc'))).toBe('Booking code · Admin · CashTips');
    expect(pageTitle(`${paths.admin}/`)).toBe('Overview · Admin · CashTips');
    expect(pageTitle('/no-such-page')).toBe('Page not found · CashTips');
    expect(pageTitle(`${paths.admin}/no-such-screen`)).toBe('Page not found · Admin · CashTips');
  });

  it('gives each signed-in screen its own title as the app moves between them', async () => {
    signedInApi();
    document.title = 'whatever came before';
    const { user } = renderApp(paths.wallet);
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wallet · CashTips'));
    const [myCodes] = screen.getAllByRole('link', { name: 'My Codes' });
    await user.click(myCodes as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'My Codes', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Codes · CashTips'));
  });
});

let navigate: (to: string) => void = () => {};

function NamedScreen({ name }: { name?: string }) {
  usePageName(name);
  return null;
}

function Navigator() {
  navigate = useNavigate();
  return null;
}

describe('a screen that names its item', () => {
  it('puts the item’s name in place of the kind of screen while it shows, and the site’s title back on leaving', () => {
    const view = (path: string, name?: string) => (
      <MemoryRouter initialEntries={[path]}>
        <PageTitles>
          <Navigator />
          <Routes>
            <Route path={`${paths.admin}/users/:id`} element={<NamedScreen name={name} />} />
            <Route path="*" element={null} />
          </Routes>
        </PageTitles>
      </MemoryRouter>
    );
    const { rerender, unmount } = render(view(adminPaths.user('u1')));
    expect(document.title).toBe('User · Admin · CashTips');
    rerender(view(adminPaths.user('u1'), 'Ada Obi'));
    expect(document.title).toBe('Ada Obi · Admin · CashTips');
    // The name belonged to that screen: the next one has its own title at once.
    act(() => navigate(adminPaths.users));
    expect(document.title).toBe('Users · Admin · CashTips');
    act(() => navigate(paths.terms));
    expect(document.title).toBe(publicPageTitles['/terms']);
    unmount();
    expect(document.title).toBe(SITE_TITLE);
  });
});
