// Test setup for DOM tests: jest-dom matchers and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadPhoneLibrary } from '../../engine/phone.ts';

// In the app the funnel page loads it near the contact step; widget tests render that step directly.
await loadPhoneLibrary();

afterEach(() => {
  cleanup();
});
