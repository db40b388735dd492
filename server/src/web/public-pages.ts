import { publicPageTitles, SITE_NAME, withoutTrailingSlash } from '@cashtips/contract/plain/page-titles';
import { escapeHtml } from '../lib/html.ts';

/** What the search snippets of the day's pages say (gathered by page-facts.ts). */
export interface PageFacts {
  /** Codes a visitor's list shows as buyable now (the list's own count). */
  codesOnSaleToday: number;
  /** Today's (Lagos) free tips, as the free tips page lists them. */
  freeTipsToday: number;
  /** Today in Lagos, in words: 'Friday 27 November'. */
  lagosDay: string;
  /** A football data provider follows the matches live (else results come after each match). */
  liveScores: boolean;
}

/** The sitemap's `changefreq` values (sitemaps.org). */
type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

interface PageText {
  /** The page's `<title>` (contract `plain/page-titles.ts`, which the app sets on moving to the page too). */
  title: string;
  description: (facts: PageFacts) => string;
  /**
   * The web app's route modules the page renders (web/src/app/session-routes.tsx's table), whose
   * chunks its HTML has the browser fetch together (decision 018).
   */
  routeModules: readonly string[];
}

/** A page search engines should list: in the sitemap. */
interface IndexedPage extends PageText {
  changefreq: ChangeFrequency;
}

/** A page with nothing for a searcher (a form): told `noindex`, left out of the sitemap. */
interface UnlistedPage extends PageText {
  noindex: true;
}

/** A second address of a page: its canonical is the other one, which alone is in the sitemap. */
interface SamePageAs {
  sameAs: string;
}

type PublicPage = IndexedPage | UnlistedPage | SamePageAs;

/** The picture shared links show (the app icon, served by the web build). */
export const SHARE_IMAGE_PATH = '/icons/icon-512.png';

/** '0 booking codes' reads 'No booking codes'; 1 takes the singular. */
function counted(count: number, one: string, many: string): string {
  if (count === 0) return `No ${many}`;
  return `${count} ${count === 1 ? one : many}`;
}

const SESSION_ROUTES = 'src/app/session-routes.tsx';
const route = (screen: string) => `src/app/routes/${screen}.tsx`;
/** A sign-in form: its own layout, inside the screen's chunk. */
const formScreen = (screen: string) => [SESSION_ROUTES, route(screen)];
/** A page in the visitor's layout (header, footer). */
const publicScreen = (screen: string) => [SESSION_ROUTES, route('public-layout'), route(screen)];

/**
 * The pages a visitor may open (PRODUCT 14), each with what search engines and shared links show.
 * The titles follow each page's heading; the landing page keeps web/index.html's title and text.
 */
const pages = {
  '/': {
    routeModules: [route('landing')],
    title: publicPageTitles['/'],
    description: () =>
      'AI-powered football tips, rollover plans and booking codes for Nigerian bettors. 18+ only. Bet responsibly.',
    changefreq: 'daily',
  },
  '/login': {
    routeModules: formScreen('login'),
    title: publicPageTitles['/login'],
    description: () => `Log in to ${SITE_NAME} to see today’s tips, your plans and your booking codes.`,
    noindex: true,
  },
  '/register': {
    routeModules: formScreen('register'),
    title: publicPageTitles['/register'],
    description: () =>
      `Sign up to ${SITE_NAME} with your email and phone for football tips, rollover plans and booking codes. 18+ only.`,
    noindex: true,
  },
  '/forgot-password': {
    routeModules: formScreen('forgot-password'),
    title: publicPageTitles['/forgot-password'],
    description: () =>
      'Enter the email you signed up with and we will send you a code to reset your password.',
    noindex: true,
  },
  '/booking-codes': {
    routeModules: publicScreen('booking-codes'),
    title: publicPageTitles['/booking-codes'],
    description: ({ codesOnSaleToday, lagosDay }) =>
      `${counted(codesOnSaleToday, 'booking code', 'booking codes')} on sale today, ${lagosDay}: ready-made bet slips from our tipsters. Buy one, load it at your bookmaker, place your stake.`,
    changefreq: 'hourly',
  },
  '/free': {
    routeModules: publicScreen('free-tips'),
    title: publicPageTitles['/free'],
    description: ({ freeTipsToday, lagosDay }) =>
      `${counted(freeTipsToday, 'free football tip', 'free football tips')} for today, ${lagosDay}, with kickoff times in Lagos time. 18+ only. Bet responsibly.`,
    changefreq: 'hourly',
  },
  '/free-tips': { sameAs: '/free' },
  '/past-tips': {
    routeModules: publicScreen('past-tips'),
    title: publicPageTitles['/past-tips'],
    description: () =>
      'Every free tip we posted and how it ended, worked out from the final scores: our won and lost record, day by day.',
    changefreq: 'daily',
  },
  '/live': {
    routeModules: publicScreen('live'),
    title: publicPageTitles['/live'],
    description: ({ lagosDay, liveScores }) =>
      liveScores
        ? `Today’s matches, ${lagosDay}: kickoffs in Lagos time and scores as they happen.`
        : `Today’s matches, ${lagosDay}: kickoffs in Lagos time; results are added after each match.`,
    changefreq: 'hourly',
  },
  '/terms': {
    routeModules: publicScreen('terms'),
    title: publicPageTitles['/terms'],
    description: () =>
      `The rules for using ${SITE_NAME}: who may use it (adults, 18+), what you buy from us, how your wallets work, and when you get your money back.`,
    changefreq: 'monthly',
  },
  '/privacy': {
    routeModules: publicScreen('privacy'),
    title: publicPageTitles['/privacy'],
    description: () =>
      `What ${SITE_NAME} keeps about you, why, who else sees it, how long we keep it, and how to get a copy or have it deleted.`,
    changefreq: 'monthly',
  },
  '/responsible-gambling': {
    routeModules: publicScreen('responsible-gambling'),
    title: publicPageTitles['/responsible-gambling'],
    description: () =>
      `${SITE_NAME} is for adults who bet for fun. How to keep it that way, the signs that it is not fun any more, where to get help, and how to take a break.`,
    changefreq: 'monthly',
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPagePath = keyof typeof pages;

const byPath: ReadonlyMap<string, PublicPage> = new Map(Object.entries(pages));

export const publicPagePaths = Object.keys(pages) as PublicPagePath[];

/** The pages whose form the browser posts to the page itself when it runs no script (web `EarlySubmitForm`). */
export const formPagePaths = ['/login', '/forgot-password'] as const satisfies readonly PublicPagePath[];

export function isPublicPage(pathname: string): boolean {
  return byPath.has(withoutTrailingSlash(pathname));
}

/** The page's canonical path and the text and indexing it is given under it. */
function resolve(pathname: string): { canonical: string; page: IndexedPage | UnlistedPage } {
  const canonical = withoutTrailingSlash(pathname);
  const page = byPath.get(canonical);
  if (!page) throw new Error(`${pathname} is not a public page`);
  return 'sameAs' in page ? resolve(page.sameAs) : { canonical, page };
}

/** The route modules the page at this path renders (its canonical page's). */
export function routeModules(pathname: string): readonly string[] {
  return resolve(pathname).page.routeModules;
}

/** The pages search engines should list, by canonical path, with how often each changes. */
export function sitemapPages(): { path: PublicPagePath; changefreq: ChangeFrequency }[] {
  return publicPagePaths.flatMap((path) => {
    const page: PublicPage = pages[path];
    return 'changefreq' in page ? [{ path, changefreq: page.changefreq }] : [];
  });
}

/**
 * The `<head>` tags of a public page: title, description, canonical link, Open Graph and Twitter
 * card, and `noindex` for a page with nothing for a searcher. `siteUrl` is the site's absolute
 * address (config `publicUrl`). Throws for a path that is not a public page.
 */
export function pageHead(pathname: string, facts: PageFacts, siteUrl: string): string {
  const { canonical, page } = resolve(pathname);
  const site = siteUrl.replace(/\/+$/, '');
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description(facts));
  const url = escapeHtml(`${site}${canonical}`);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${content}">`;
  return [
    `<title>${title}</title>`,
    meta('name', 'description', description),
    ...('noindex' in page ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${url}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_NG'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', escapeHtml(`${site}${SHARE_IMAGE_PATH}`)),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ].join('\n');
}
