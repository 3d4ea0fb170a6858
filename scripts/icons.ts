// Draws the app's icons and link-preview images from the logo mark (public/favicon.svg) in Debian's chromium, into
// public/icons/: run it again after changing the mark or the tagline, and commit what it writes.
// npx tsx scripts/icons.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import en from '../locales/en/app.json' with { type: 'json' };
import es from '../locales/es/app.json' with { type: 'json' };

const PUBLIC = join(import.meta.dirname, '..', 'public');
const OUT = join(PUBLIC, 'icons');
const MARK = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const BLUE = '#0b57d0';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Each file: its size and the page drawn into it. */
const square = (size: number, inset: number, background: string) => ({
  size: { width: size, height: size },
  html: `<body style="margin:0;background:${background}"><div style="padding:${inset}px">${MARK.replace('<svg ', `<svg width="${size - 2 * inset}" height="${size - 2 * inset}" `)}</div></body>`,
});
const preview = (copy: typeof en) => ({
  size: { width: 1200, height: 630 },
  html: `<body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:40px;padding:0 96px;box-sizing:border-box;background:#f5f7fb;font-family:${FONT}">
    <div style="display:flex;align-items:center;gap:32px">${MARK.replace('<svg ', '<svg width="160" height="160" ')}<span style="font-size:96px;font-weight:800;color:${BLUE}">${copy.brand}</span></div>
    <div style="font-size:56px;font-weight:600;line-height:1.25;color:#1b2333">${copy.tagline}</div></body>`,
});

const FILES = {
  'favicon-32.png': square(32, 0, 'transparent'),
  // iOS puts its own rounded corners on a full square, so the mark sits on its blue with no transparent edge.
  'apple-touch-icon.png': square(180, 0, BLUE),
  'icon-192.png': square(192, 0, 'transparent'),
  'icon-512.png': square(512, 0, 'transparent'),
  // Maskable: the mark inside the middle 80% any mask keeps.
  'icon-maskable-512.png': square(512, 64, BLUE),
  'preview-en.png': preview(en),
  'preview-es.png': preview(es),
};

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const [file, { size, html }] of Object.entries(FILES)) {
    const page = await browser.newPage({ viewport: size });
    await page.setContent(html);
    writeFileSync(join(OUT, file), await page.screenshot({ omitBackground: true }));
    await page.close();
    process.stdout.write(`public/icons/${file}\n`);
  }
} finally {
  await browser.close();
}
