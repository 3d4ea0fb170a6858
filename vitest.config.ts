// Test projects: pure Node suites, DOM suites (widgets, app shell) in jsdom, and browser walks against the real server.
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstWidgets } from './scripts/first-widgets.ts';
import { FLOWS_DIR } from './scripts/flows-check.ts';

export default defineConfig({
  plugins: [react(), firstWidgets()],
  resolve: { alias: { '@flows': FLOWS_DIR } },
  test: {
    // Vitest's default on a 2-core machine is one worker, which ran every file in turn (CI took 20 min): two at a time
    // let the browser walks (one at a time, below) run beside the other suites, which mostly wait on servers and databases.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/{engine,flows,server}/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['tests/{widgets,src}/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // Browser walks against real server processes take the machine: one file at a time.
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
