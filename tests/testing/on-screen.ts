// jsdom lays nothing out, and its IntersectionObserver (tests/testing/setup.ts) never sees anything: for a test of what
// the app shows once a part nears the screen, the parts observed that match a selector (any, without one) are on screen
// at once.
import { vi } from 'vitest';

export function onScreen(selector = '*'): void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(element: Element) {
        this.report([{ isIntersecting: element.matches(selector) }]);
      }
      disconnect() {}
    },
  );
}
