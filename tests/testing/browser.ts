// Debian's chromium driven by playwright-core: the real browser the end-to-end tests and screenshots use.
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests run wherever chromium is installed, and must run in CI (a missing browser fails there). */
export const browserAvailable = existsSync(CHROMIUM) || process.env.CI === 'true';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A page with cookies and storage of its own, and its page errors. */
export interface OpenPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** What closePage needs to give the context back: its options, and the origins the page stored things for. */
  options: BrowserContextOptions;
  origins: Set<string>;
}

/**
 * Contexts free for a page, by their options, for each browser: a context costs chromium about 2.5 CPU-seconds here (its
 * first page 4.3 with a load, a new page in an open context 1.8), and the browser walks open a page for each test.
 */
const freeContexts = new WeakMap<Browser, Map<string, BrowserContext[]>>();

/**
 * A page as a new visitor's: in a context of the options given that no other page is using, its cookies, permissions and
 * storage cleared by closePage (sessionStorage is the page's own). The context is for routes and permissions while the
 * page is open; closePage takes them back (give the page, not the context, its routes and init scripts).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions): Promise<OpenPage> {
  const context = freeContexts.get(browser)?.get(JSON.stringify(options))?.pop() ?? (await browser.newContext(options));
  const page = await context.newPage();
  const origins = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http')) origins.add(new URL(frame.url()).origin);
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, options, origins };
}

/** Fails the test if the page threw; then closes it and frees its context, forgetting what it stored. */
export async function closePage({ context, page, errors, options, origins }: OpenPage): Promise<void> {
  expect(errors).toEqual([]);
  // A page the test closed itself can no longer say what it stored: its context goes with it.
  if (page.isClosed()) return context.close();
  const devtools = await context.newCDPSession(page);
  for (const origin of origins) await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
  for (const other of context.pages()) await other.close();
  await context.clearCookies();
  // Those the test granted; a context's own (its options) it keeps.
  await context.clearPermissions();
  if (options.permissions) await context.grantPermissions(options.permissions);
  const browser = context.browser() as Browser;
  if (!freeContexts.has(browser)) freeContexts.set(browser, new Map());
  const free = freeContexts.get(browser) as Map<string, BrowserContext[]>;
  const key = JSON.stringify(options);
  free.set(key, [...(free.get(key) ?? []), context]);
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

let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's chromium, for all the browser suites it runs (their files share the worker's modules): launched by the
 * first, and ended with the worker.
 */
export function theBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser();
  return workerBrowser;
}

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
