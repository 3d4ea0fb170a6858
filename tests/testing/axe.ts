// Accessibility check of the page as it stands: axe-core's WCAG 2.2 AA rules, failing with a list a person can act on.
// axe-core runs in the page itself, injected once per document: @axe-core/playwright's AxeBuilder injects its 500 KB
// into every frame on every call and opens a page to merge frames' results, 3-6 s per check on a busy 2-core machine
// against 0.4-0.7 s here (side by side, one run), and the browser walks check every step.
import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
// Third-party: Leaflet's tile images and attribution control are drawn by Leaflet (and OpenStreetMap's notice), not by us.
const THIRD_PARTY = ['.leaflet-tile-pane', '.leaflet-control-attribution'];

/** Runs axe on the page and throws with rule id, impact, target selectors and the step label when anything fails. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // A dialog fading in (after a 10 ms delay) or a button turning enabled is half transparent for a moment: colours are
  // judged once the page has had no finite animation or transition running for two checks in a row.
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    let quiet = 0;
    for (let i = 0; i < 60 && quiet < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = running();
      quiet = now.length === 0 ? quiet + 1 : 0;
      await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // In every frame (the studio previews steps in one): axe in the top frame asks the frames' own copies.
  for (const frame of page.frames()) if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  const violations = await page.evaluate(
    ({ tags, exclude }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run({ exclude: exclude.map((selector) => [selector]) }, { runOnly: { type: 'tag', values: tags } })
        .then((results: AxeResults) => results.violations),
    { tags: TAGS, exclude: THIRD_PARTY },
  );
  if (violations.length === 0) return;
  const lines = violations.flatMap((v) =>
    v.nodes.map((n) => `  ${v.id} (${v.impact ?? 'n/a'}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join('; ').trim() ?? v.help}`),
  );
  throw new Error(`axe: ${violations.length} rule(s) fail at ${label} (${page.url()}):\n${lines.join('\n')}`);
}
