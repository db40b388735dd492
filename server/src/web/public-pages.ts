// Interim list until the search-and-sharing work lands (replaced by it).
const paths = [
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
];
export const publicPagePaths = paths;
export function isPublicPage(pathname: string): boolean {
  return paths.includes(pathname);
}
export interface PageFacts {
  codesOnSaleToday: number;
  freeTipsToday: number;
  lagosDay: string;
}
export function pageHead(pathname: string, _facts: PageFacts, _siteUrl: string): string {
  return `<title>CashTips ${pathname}</title>`;
}
