import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../lib/html.ts';
import { sitemapPages } from './public-pages.ts';

/**
 * What crawlers are kept out of (robots.txt rules match by prefix): the API, the admin area, and
 * every screen of web/src/config/paths.ts that is behind sign-in or the middle of a flow (a reset
 * code, a payment's return). Each prefix must not start any public page's path: '/booking-codes/'
 * keeps out a code's details but not the public list, '/booking/' the purchased code but not the
 * list either. seo.routes.test.ts holds this list and the web app's paths together.
 */
export const crawlerDisallowed = [
  '/api/',
  '/admin',
  '/dashboard',
  '/profile',
  '/wallet',
  '/referral',
  '/payments/',
  '/booking-codes/',
  '/my-codes',
  '/check-code',
  '/booking/',
  '/buycodes',
  '/subscribe',
  '/rollover-plans',
  '/rollover',
  '/my-rollover',
  '/notifications',
  '/activity',
  '/quick-actions',
  '/reset-password',
  '/verify-otp',
] as const;

/** Both change only with a deployment; an hour lets a new one reach crawlers the same day. */
const CACHE_CONTROL = 'public, max-age=3600';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...crawlerDisallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string): string {
  const urls = sitemapPages().map(
    ({ path, changefreq }) =>
      `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc><changefreq>${changefreq}</changefreq></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml (PRODUCT 14), for the site served at `siteUrl` (config `publicUrl`,
 * absolute): registered only where the web app is served, as both describe its pages.
 */
export function registerSeoRoutes(app: FastifyInstance, { siteUrl }: { siteUrl: string }): void {
  const site = siteUrl.replace(/\/+$/, '');
  const robots = robotsTxt(site);
  const sitemap = sitemapXml(site);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(sitemap),
  );
}
