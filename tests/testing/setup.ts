// Test setup for DOM tests: jest-dom matchers and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadPhoneLibrary } from '../../engine/phone.ts';
import { registry } from '../../widgets/registry.ts';

// In the app the funnel page loads these near the step that needs them; tests render any step directly.
// (Suspending on a widget's code is tested in tests/widgets/lazy-widget.test.tsx.)
await Promise.all([loadPhoneLibrary(), ...Object.values(registry).map((widget) => widget.load())]);

// jsdom has no IntersectionObserver, which the footer's operator block waits for: here it never sees anything (a test
// that wants it seen stubs its own).
globalThis.IntersectionObserver ??= class {
  observe() {}
  disconnect() {}
} as unknown as typeof IntersectionObserver;

afterEach(() => {
  cleanup();
});
