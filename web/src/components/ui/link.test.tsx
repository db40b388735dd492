import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { isActivePath, Link, NavLink } from './link.tsx';

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <output data-testid="state">{JSON.stringify(location.state)}</output>
    </>
  );
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('Link', () => {
  it('points at the route and moves there in the app on a click, with its state', async () => {
    renderAt(
      '/',
      <Link to="/booking-codes?category=Football" state={{ from: 'landing' }} className="link">
        Codes
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Codes' });
    expect(link).toHaveAttribute('href', '/booking-codes?category=Football');
    expect(link).toHaveClass('link');
    await userEvent.click(link);
    expect(where()).toBe('/booking-codes?category=Football');
    expect(screen.getByTestId('state')).toHaveTextContent('{"from":"landing"}');
  });

  it('resolves a relative address against the current route', () => {
    renderAt(
      '/admin/users',
      <Routes>
        <Route path="/admin/users" element={<Link to="42">User 42</Link>} />
      </Routes>,
    );
    expect(screen.getByRole('link', { name: 'User 42' })).toHaveAttribute('href', '/admin/users/42');
  });

  it('leaves a modified click, another target and a prevented click to the browser or the caller', async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/wallet">Wallet</Link>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/referral" onClick={onClick}>
          Refer
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Wallet' }), { ctrlKey: true });
    expect(where()).toBe('/');
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    expect(where()).toBe('/');
    await userEvent.click(screen.getByRole('link', { name: 'Refer' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(where()).toBe('/');
  });

  it('replaces the history entry when asked', async () => {
    renderAt(
      '/login',
      <Link to="/dashboard" replace>
        Go
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(where()).toBe('/dashboard');
  });
});

describe('NavLink', () => {
  it('marks the link of the current section for sight and for screen readers', () => {
    renderAt(
      '/admin/users/42',
      <nav>
        <NavLink to="/admin" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Overview
        </NavLink>
        <NavLink to="/admin/users" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Users
        </NavLink>
        <NavLink to="/admin/user">{({ isActive }) => (isActive ? 'User (here)' : 'User')}</NavLink>
      </nav>,
    );
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users).toHaveClass('on');
    expect(users).toHaveAttribute('aria-current', 'page');
    const overview = screen.getByRole('link', { name: 'Overview' });
    expect(overview).toHaveClass('off');
    expect(overview).not.toHaveAttribute('aria-current');
    // A path that only starts with the same letters is another section.
    expect(screen.getByRole('link', { name: 'User' })).not.toHaveAttribute('aria-current');
  });
});

describe('isActivePath', () => {
  it.each([
    ['/admin', '/admin', false, true],
    ['/admin/users', '/admin', false, true],
    ['/admin/users', '/admin', true, false],
    ['/Admin/Users', '/admin/users', true, true],
    ['/administrators', '/admin', false, false],
    ['/dashboard', '/', false, false],
    ['/', '/', true, true],
    ['/wallet/history', '/wallet/', false, true],
  ])('%s under a link to %s (end %s): %s', (location, link, end, active) => {
    expect(isActivePath(location, link, end)).toBe(active);
  });
});
