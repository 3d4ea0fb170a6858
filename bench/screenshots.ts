// Saves a screenshot of the app's pages at phone and desktop size, to look at them: `npx tsx bench/screenshots.ts [url] [outDir]`.
import { mkdirSync } from 'node:fs';
import { DESKTOP, PHONE, launchBrowser } from '../tests/testing/browser.ts';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? 'bench/out/screens';
const paths = process.argv.slice(4).length ? process.argv.slice(4) : ['/calculate-your-accident-claim-value', '/', '/nope'];
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  const page = await browser.newPage({ viewport });
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/\W+/g, '_') || 'home';
    await page.screenshot({ path: `${out}/${size}${name}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
