// Debian's chromium driven by playwright-core: the real browser the end-to-end tests and screenshots use.
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests run wherever chromium is installed, and must run in CI (a missing browser fails there). */
export const browserAvailable = existsSync(CHROMIUM) || process.env.CI === 'true';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A page in a context of its own (cookies and storage of its own), and its page errors. */
export interface OpenPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function openPage(browser: Browser, options: BrowserContextOptions): Promise<OpenPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Closes the page's context, failing the test if the page threw. */
export async function closePage({ context, errors }: OpenPage): Promise<void> {
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * One page that opens URL after URL as a first visit would: its cache off (every file fetched, none kept from the last
 * visit), and the cookies and storage the last visit left cleared. For a suite that loads many pages and clicks little:
 * a new context and page cost chromium 4.3 CPU-seconds a load here, a load in an open page 1.2 with the cache off.
 */
export async function firstVisitsPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  // A page stores what it keeps for a return (a funnel its step) as it is left, once the next visit has begun: that
  // visit's first document forgets it, before the app's code runs, when it finds the cookie visit() sets.
  await context.addInitScript((flag) => {
    if (!document.cookie.split('; ').includes(`${flag}=1`)) return;
    document.cookie = `${flag}=; max-age=0; path=/`;
    localStorage.clear();
    sessionStorage.clear();
  }, FIRST_VISIT);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  const visit = async (url: string) => {
    await context.clearCookies();
    await context.addCookies([{ name: FIRST_VISIT, value: '1', url }]);
    await page.goto(url);
  };
  return { page, visit };
}
const FIRST_VISIT = 'first-visit';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}
