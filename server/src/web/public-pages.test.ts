import { describe, expect, it } from 'vitest';
import { isPublicPage, type PageFacts, pageHead, publicPagePaths, sitemapPages } from './public-pages.ts';

const SITE = 'https://cashtips.example';
const facts: PageFacts = {
  codesOnSaleToday: 12,
  freeTipsToday: 5,
  lagosDay: 'Friday 27 November',
  liveScores: true,
};

/** The head's tags as the browser (and a crawler) reads them: attributes unescaped. */
function parseHead(html: string) {
  const unescaped = (value: string) =>
    value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
  const tags = [...html.matchAll(/<(meta|link) ([^>]*)>/g)].map(([, , attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([a-z:]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [
        key,
        unescaped(value),
      ]),
    ),
  );
  const meta = (key: string) =>
    tags.filter((tag) => tag.name === key || tag.property === key).map((tag) => tag.content);
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return {
    title: title === undefined ? undefined : unescaped(title),
    titles: html.match(/<title>/g)?.length ?? 0,
    meta,
    /** The one value of a meta tag; fails on none or several. */
    one: (key: string) => {
      const values = meta(key);
      expect(values, key).toHaveLength(1);
      return values[0];
    },
    canonical: tags.filter((tag) => tag.rel === 'canonical').map((tag) => tag.href),
  };
}

describe('the public pages', () => {
  it('are the pages of PRODUCT 14, and only they', () => {
    expect([...publicPagePaths].sort()).toEqual(
      [
        '/',
        '/login',
        '/register',
        '/forgot-password',
        '/booking-codes',
        '/free',
        '/free-tips',
        '/past-tips',
        '/live',
        '/terms',
        '/privacy',
        '/responsible-gambling',
      ].sort(),
    );
    expect(isPublicPage('/free')).toBe(true);
    expect(isPublicPage('/free/')).toBe(true);
    for (const signedIn of ['/dashboard', '/booking-codes/abc', '/admin', '/free-tipsy', '/wallet', '']) {
      expect(isPublicPage(signedIn), signedIn).toBe(false);
    }
  });

  it('each has its own title and description, the landing page keeping index.html’s', () => {
    const heads = publicPagePaths.map((path) => ({ path, ...parseHead(pageHead(path, facts, SITE)) }));
    const landing = heads.find((head) => head.path === '/');
    expect(landing?.title).toBe('CashTips — Football tips, rollover plans and booking codes');
    expect(landing?.one('description')).toBe(
      'AI-powered football tips, rollover plans and booking codes for Nigerian bettors. 18+ only. Bet responsibly.',
    );
    // /free-tips is the free tips page under a second address: the same text, one canonical.
    const distinct = heads.filter((head) => head.path !== '/free-tips');
    expect(new Set(distinct.map((head) => head.title)).size).toBe(distinct.length);
    expect(new Set(distinct.map((head) => head.one('description'))).size).toBe(distinct.length);
    for (const head of heads) {
      expect(head.titles, head.path).toBe(1);
      expect(head.title, head.path).toMatch(/CashTips/);
    }
  });

  it('give the canonical address, Open Graph and Twitter tags, absolute and without a query', () => {
    const head = parseHead(pageHead('/booking-codes', facts, `${SITE}/`));
    expect(head.title).toBe('Premium booking codes for today — CashTips');
    expect(head.canonical).toEqual([`${SITE}/booking-codes`]);
    expect(head.one('og:type')).toBe('website');
    expect(head.one('og:site_name')).toBe('CashTips');
    expect(head.one('og:locale')).toBe('en_NG');
    expect(head.one('og:title')).toBe(head.title);
    expect(head.one('og:description')).toBe(head.one('description'));
    expect(head.one('og:url')).toBe(`${SITE}/booking-codes`);
    expect(head.one('og:image')).toBe(`${SITE}/icons/icon-512.png`);
    expect(head.one('twitter:card')).toBe('summary');
    expect(head.one('twitter:title')).toBe(head.title);
    expect(head.one('twitter:description')).toBe(head.one('description'));
    expect(head.meta('robots')).toEqual([]);
    expect(parseHead(pageHead('/', facts, SITE)).canonical).toEqual([`${SITE}/`]);
  });

  it('name /free as the canonical free tips page, the only one of the two in the sitemap', () => {
    for (const path of ['/free', '/free-tips', '/free-tips/']) {
      const head = parseHead(pageHead(path, facts, SITE));
      expect(head.canonical, path).toEqual([`${SITE}/free`]);
      expect(head.one('og:url'), path).toBe(`${SITE}/free`);
      expect(head.title, path).toBe('Free football tips today — CashTips');
      expect(head.meta('robots'), path).toEqual([]);
    }
    const listed = sitemapPages().map((page) => page.path);
    expect(listed).toContain('/free');
    expect(listed).not.toContain('/free-tips');
  });

  it('keep the sign-in forms out of search results and the sitemap', () => {
    const listed: string[] = sitemapPages().map((page) => page.path);
    for (const path of ['/login', '/register', '/forgot-password']) {
      expect(parseHead(pageHead(path, facts, SITE)).one('robots'), path).toBe('noindex');
      expect(listed, path).not.toContain(path);
    }
    for (const path of listed) {
      expect(parseHead(pageHead(path, facts, SITE)).meta('robots'), path).toEqual([]);
    }
    expect(listed.sort()).toEqual(
      [
        '/',
        '/booking-codes',
        '/free',
        '/past-tips',
        '/live',
        '/terms',
        '/privacy',
        '/responsible-gambling',
      ].sort(),
    );
  });

  it('say how many codes are on sale and free tips there are today, in correct English', () => {
    const description = (path: string, counts: Partial<PageFacts>) =>
      parseHead(pageHead(path, { ...facts, ...counts }, SITE)).one('description');
    expect(description('/booking-codes', { codesOnSaleToday: 12 })).toMatch(
      /^12 booking codes on sale today, Friday 27 November: /,
    );
    expect(description('/booking-codes', { codesOnSaleToday: 1 })).toMatch(
      /^1 booking code on sale today, Friday 27 November: /,
    );
    expect(description('/booking-codes', { codesOnSaleToday: 0 })).toMatch(
      /^No booking codes on sale today, Friday 27 November: /,
    );
    expect(description('/free', { freeTipsToday: 5 })).toMatch(
      /^5 free football tips for today, Friday 27 November, /,
    );
    expect(description('/free', { freeTipsToday: 1 })).toMatch(/^1 free football tip for today, /);
    expect(description('/free', { freeTipsToday: 0 })).toMatch(/^No free football tips for today, /);
    expect(description('/live', {})).toMatch(/Friday 27 November/);
    // Scores as they happen only with a football data provider to follow them (issue 34).
    expect(description('/live', { liveScores: true })).toMatch(/scores as they happen\.$/);
    expect(description('/live', { liveScores: false })).toBe(
      'Today’s matches, Friday 27 November: kickoffs in Lagos time; results are added after each match.',
    );
  });

  it('escape every value: a fact cannot close an attribute or open a tag', () => {
    const hostile = '<script>alert("x")</script> & "quoted"';
    const html = pageHead('/free', { ...facts, lagosDay: hostile }, 'https://cashtips.example/?a="1"&b=<2>');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/"quoted"|"1"|&b|<2>/);
    // Only our own tags: each opens with one of them and every attribute value stays quoted.
    for (const tag of html.split('\n')) {
      expect(tag).toMatch(/^(<title>[^<>]*<\/title>|<(meta|link)( [a-z:]+="[^"<>]*")+>)$/);
    }
    const head = parseHead(html);
    expect(head.one('description')).toContain(hostile);
    expect(head.one('og:description')).toContain(hostile);
    expect(head.canonical).toEqual(['https://cashtips.example/?a="1"&b=<2>/free']);
  });

  it('refuse a page that is not public', () => {
    expect(() => pageHead('/dashboard', facts, SITE)).toThrow(/not a public page/);
  });
});
