// Reflow and touch-target checks of the page as it stands: no sideways scrolling, and controls big enough for a finger.
import type { Page } from 'playwright-core';

/** The 200%-zoom proxy: a 640 CSS px window at 200% lays out like this 320×568 one (WCAG 1.4.10 Reflow). */
export const NARROW = { width: 320, height: 568 };
export const TOUCH_MIN = 44;

/**
 * Fails when the page scrolls sideways, or when a button, radio or checkbox (or the label that is its visible,
 * clickable face) or a stand-alone link in the funnel is smaller than 44×44 CSS px. Links inside a sentence are left
 * out, as WCAG 2.5.8 allows: making them 44 px tall would break the text's lines.
 */
export async function expectReflowAndTouchTargets(page: Page, label: string) {
  const found = await page.evaluate((min) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`scrolls sideways: scrollWidth ${doc.scrollWidth} > clientWidth ${doc.clientWidth}`);
    const root = document.querySelector('.funnel, [role="dialog"]') ?? document.body;
    const scopes = [root, ...document.querySelectorAll('[role="dialog"]')];
    const targets = new Set<Element>();
    for (const scope of scopes) {
      for (const el of scope.querySelectorAll('button, [role="radio"], [role="checkbox"], a[href], label')) {
        if (
          el.tagName === 'LABEL' &&
          !el.querySelector('input[type=radio], input[type=checkbox]') &&
          !document.getElementById((el as HTMLLabelElement).htmlFor)?.matches('input[type=radio], input[type=checkbox]')
        )
          continue;
        if (el.tagName === 'A' && (el.parentElement?.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0)) continue;
        targets.add(el);
      }
    }
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        problems.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return problems;
  }, TOUCH_MIN);
  if (found.length > 0) throw new Error(`layout at ${label} (${page.url()}):\n  ${found.join('\n  ')}`);
}

/**
 * The tallest the stuck Back/Next bar may be: 12% of a 390×844 phone screen (issue 34). In px, not a share of any screen:
 * on a 320×568 one (the reflow check) the same bar is 16% of it, and shorter screens than 480 px have no stuck bar.
 */
export const BAR_MAX_PX = Math.floor(0.12 * 844);

/**
 * Fails when the funnel's Back/Next bar is stuck to the foot of the screen (position: sticky, phones) and is taller than
 * BAR_MAX_PX, or covers a control: each control of the step is scrolled into view as focus or a finger
 * brings it (block: nearest, which keeps the page's scroll-padding), and the point at its middle must not be the bar.
 */
export async function expectBarClear(page: Page, label: string) {
  const found = await page.evaluate((max) => {
    const bar = document.querySelector('.funnel-nav');
    if (!bar || getComputedStyle(bar).position !== 'sticky') return [];
    const problems: string[] = [];
    const height = bar.getBoundingClientRect().height;
    if (height > max) problems.push(`the bar is ${Math.round(height)} px (at most ${max}) of a ${window.innerHeight} px screen`);
    const { scrollX, scrollY } = window;
    const controls = document.querySelectorAll('.funnel input, .funnel button, .funnel select, .funnel textarea, .funnel [role="slider"], .funnel a[href]');
    for (const control of controls) {
      if (bar.contains(control) || control.getClientRects().length === 0) continue;
      control.scrollIntoView({ block: 'nearest' });
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && bar.contains(hit)) problems.push(`the bar covers ${control.outerHTML.slice(0, 80)}`);
    }
    window.scrollTo(scrollX, scrollY);
    return problems;
  }, BAR_MAX_PX);
  if (found.length > 0) throw new Error(`${label}: ${found.join('; ')}`);
}
