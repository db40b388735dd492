import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePublicPageTitle } from './use-public-page-title.ts';

let navigate: (to: string) => void = () => {};

function Titles({ ownTitle }: { ownTitle?: string }) {
  usePublicPageTitle();
  navigate = useNavigate();
  // A screen with a title of its own (as the admin area's screens set theirs).
  useEffect(() => {
    if (ownTitle) document.title = ownTitle;
  }, [ownTitle]);
  return null;
}

function renderAt(path: string, ownTitle?: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Titles ownTitle={ownTitle} />
    </MemoryRouter>,
  );
}

describe('usePublicPageTitle', () => {
  it('gives each public page its own title as the app moves between them, and the site’s after', () => {
    document.title = 'whatever came before';
    renderAt('/terms');
    expect(document.title).toBe('Terms of Service — CashTips');
    act(() => navigate('/free/'));
    expect(document.title).toBe('Free football tips today — CashTips');
    act(() => navigate('/booking-codes?moneyBack=1'));
    expect(document.title).toBe('Premium booking codes for today — CashTips');
    act(() => navigate('/dashboard'));
    expect(document.title).toBe('CashTips — Football tips, rollover plans and booking codes');
  });

  it('leaves a title another screen set for itself', () => {
    const { rerender } = renderAt('/privacy');
    expect(document.title).toBe('Privacy Policy — CashTips');
    rerender(
      <MemoryRouter initialEntries={['/privacy']}>
        <Titles ownTitle="Users · Admin · CashTips" />
      </MemoryRouter>,
    );
    act(() => navigate('/admin/users'));
    expect(document.title).toBe('Users · Admin · CashTips');
  });
});
