// `node scripts/make-icons.mjs`: draws the install icons (web/public/icons/*.png, listed by
// web/public/manifest.webmanifest and index.html) from the logo mark in web/src/components/ui/logo.tsx,
// with Debian's Chromium through playwright-core. Run it again after changing the logo, and commit the
// PNGs: they are files of the site, not of the build.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'web/public/icons');

// The mark is read from the component the app draws, so the icons cannot drift from it.
const logo = readFileSync(path.join(root, 'web/src/components/ui/logo.tsx'), 'utf8');
const pick = (pattern, what) => {
  const match = pattern.exec(logo);
  if (!match) throw new Error(`logo.tsx changed shape: no ${what} found; update scripts/make-icons.mjs`);
  return match[1];
};
const mark = {
  viewBox: Number(pick(/viewBox="0 0 (\d+) \1"/, 'square viewBox')),
  tileRadius: pick(/<rect [^>]*rx="([\d.]+)"/, 'tile corner radius'),
  tileColour: pick(/<rect [^>]*fill="(#[0-9a-f]{6})"/i, 'tile colour'),
  tick: pick(/<path\s+d="([^"]+)"/, 'tick path'),
  tickColour: pick(/stroke="(#[0-9a-f]{6})"/i, 'tick colour'),
  tickWidth: pick(/strokeWidth="([\d.]+)"/, 'tick width'),
};
const size = mark.viewBox;
const tick = `<path d="${mark.tick}" fill="none" stroke="${mark.tickColour}" stroke-width="${mark.tickWidth}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark as drawn in the app: a rounded tile, transparent outside it. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${mark.tileRadius}" fill="${mark.tileColour}"/>${tick}</svg>`;

/**
 * The tile's colour to every edge and the tick only, at `scale` of the logo: the platform cuts its own
 * shape (a circle, a squircle, iOS's rounded square) out of it, and a transparent corner would show
 * as black (iOS) or white.
 */
const fullBleed = (scale) => {
  const span = size / scale;
  const offset = (size - span) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${offset} ${offset} ${span} ${span}"><rect x="${offset}" y="${offset}" width="${span}" height="${span}" fill="${mark.tileColour}"/>${tick}</svg>`;
};

const icons = [
  // purpose "any": the mark as the app draws it, corners transparent.
  { file: 'icon-192.png', px: 192, svg: tile, transparent: true },
  { file: 'icon-512.png', px: 512, svg: tile, transparent: true },
  // purpose "maskable": the logo fills 80 % of the canvas, so its tick sits well inside the safe zone
  // (the centred circle of 80 % diameter that every mask keeps).
  { file: 'maskable-512.png', px: 512, svg: fullBleed(0.8), transparent: false },
  // iOS only rounds the corners a little: the tick at the logo's own proportion.
  { file: 'apple-touch-icon.png', px: 180, svg: fullBleed(1), transparent: false },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.px, height: icon.px },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.px}px;height:${icon.px}px}</style></head><body>${icon.svg}</body></html>`,
    );
    await page.screenshot({
      path: path.join(outDir, icon.file),
      clip: { x: 0, y: 0, width: icon.px, height: icon.px },
      omitBackground: icon.transparent,
    });
    await page.close();
    console.log(`web/public/icons/${icon.file} ${icon.px}x${icon.px}`);
  }
} finally {
  await browser.close();
}
