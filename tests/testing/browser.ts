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
