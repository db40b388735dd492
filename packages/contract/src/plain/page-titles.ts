/** The site's name, in every title and sharing tag. */
export const SITE_NAME = 'CashTips';

const titled = (name: string) => `${name} — ${SITE_NAME}`;

/** The site's own title: the landing page's, and every screen's that has none of its own. */
export const SITE_TITLE = `${SITE_NAME} — Football tips, rollover plans and booking codes`;

/**
 * The `<title>` of each public page (PRODUCT 14), in the words of its heading: the server writes it into
 * the page's HTML, and the app sets it when it shows the page after a move inside the app.
 */
export const publicPageTitles = {
  '/': SITE_TITLE,
  '/login': titled('Log in'),
  '/register': titled('Create your account'),
  '/forgot-password': titled('Forgot your password?'),
  '/booking-codes': titled('Premium booking codes for today'),
  '/free': titled('Free football tips today'),
  '/free-tips': titled('Free football tips today'),
  '/past-tips': titled('Past football tips and our record'),
  '/live': titled('Live football scores today'),
  '/terms': titled('Terms of Service'),
  '/privacy': titled('Privacy Policy'),
  '/responsible-gambling': titled('Responsible Gambling'),
} as const;

/** '/free/' is '/free' (the router answers both); '/' stays '/'. */
export const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/** The title of the public page at this path ('/free/' is '/free'); undefined for any other screen. */
export function publicPageTitle(pathname: string): string | undefined {
  const path = withoutTrailingSlash(pathname);
  return Object.hasOwn(publicPageTitles, path)
    ? publicPageTitles[path as keyof typeof publicPageTitles]
    : undefined;
}
