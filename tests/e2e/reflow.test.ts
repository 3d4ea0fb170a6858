// The truck funnel at 320 px wide, the stand-in for 200% zoom of a 640 px window: on every step no sideways scrolling,
// 44×44 px touch targets, and axe's checks.
import { describe, expect, it } from 'vitest';
import { useSharedAppAndBrowser } from '../testing/app-and-browser.ts';
import { browserAvailable, openPage, closePage } from '../testing/browser.ts';
import { FunnelWalk } from '../testing/funnel-walk.ts';
import { expectReflowAndTouchTargets, NARROW } from '../testing/layout.ts';
import { locate } from '../testing/locate-walk.ts';

describe.runIf(browserAvailable)('320 px wide', () => {
  const suite = useSharedAppAndBrowser();

  it.each(['en', 'es'] as const)('%s: the truck funnel, located by VIN, reflows and keeps touch targets', async (lang) => {
    const opened = await openPage(suite.browser, { viewport: NARROW });
    const { page } = opened;
    const w = new FunnelWalk(page, suite.server, lang, `truck-${lang}-320`);
    w.checks.push(expectReflowAndTouchTargets);

    await w.open('/request-truck-attorney', 'truck:intro.title');
    await w.shot('0');
    await w.button('common:nav.continue').click();
    await w.at('truck:step1.title', '1');
    await w.choose('truck:step1.fault', 'no');
    await w.choose('truck:step1.commercial', 'yes');
    await w.button('common:nav.next').click();
    await w.at('truck:step15.title', '1.5');
    await w.button('common:nav.next').click();
    await w.heading('truck:step175.title').waitFor();
    await locate(w, 'vin', true);
    await w.contact(lang === 'en' ? '2025550181' : '2025550182');
    await w.at('truck:step3.title', '3');
    await page.getByText(w.t('common:caseValue.highest')).first().waitFor();
    // In Texas two sponsors may call: both ticked, the notice names them, and the call time follows. At 320×568 the
    // notice and its button are on the screen together from the notice's top, where the person scrolls to read it.
    const notice = page.locator('.consent__notice');
    await w.agreeWith(w.button('truck:step3.request'), { scroll: () => notice.evaluate((n) => n.scrollIntoView({ block: 'start' })) });
    expect(w.agreed.at(-1)).toContain('Lone Star Injury Law');
    expect(w.agreed.at(-1)).toContain('Summit Accident Lawyers');
    await w.at('truck:step4.title', '4');
    await w.callTime('common:callTime.asap', '4');
    await closePage(opened);
  });
});
