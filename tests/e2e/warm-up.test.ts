// The offscreen copy of the hidden screens (src/funnel/warm-up.ts), in the real browser: the screens themselves stay as
// they were. A radio chosen in a hidden screen stays chosen: a checked copy of the same name, there being no form, would
// take the choice from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { warmUpHiddenScreens } from '../../src/funnel/warm-up.ts';
import { browserAvailable, launchBrowser } from '../testing/browser.ts';

describe.runIf(browserAvailable)('warmUpHiddenScreens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('keeps the radio chosen in a hidden screen chosen, and leaves nothing behind', async () => {
    const page = await browser.newPage();
    await page.setContent(`<div id="blocks">
      <div style="display: none"><input type="radio" name="fault" value="yes"><input type="radio" name="fault" value="no" checked></div>
    </div>`);
    await page.evaluate(`(${warmUpHiddenScreens.toString()})(document.getElementById('blocks'))`);
    expect(await page.locator('input[value="no"]').isChecked()).toBe(true);
    expect(await page.locator('#blocks > *').count()).toBe(1);
  });
});
