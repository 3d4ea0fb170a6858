// Test projects: pure Node suites, DOM suites (widgets, app shell) in jsdom, and browser walks against the real server.
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { flowFolders } from './server/flow-files.ts';
import { flowModules } from './scripts/flow-modules.ts';

/**
 * The process tier (in `npm test`, its longest file first): real processes killed with SIGKILL (one server's, the
 * worker's mid-delivery, an API's beside another and a worker). A minute or two each.
 */
const PROCESSES = ['crash', 'delivery-crash', 'multi-process'].map((name) => `tests/server/${name}.test.ts`);
/**
 * The soak tier (`npm run test:soak`; not in CI, whose 25 minutes it would pass on a slow day):
 * delivery and alert faults, latency and load at volume (floods of code sends, SMS pumping, a month of code guessing),
 * fuzz at depth. Minutes each; `npm test` runs without them (and fuzzes at a shallow depth).
 */
const SOAK = ['delivery-load', 'alert-delivery-faults', 'alert-delivery-latency', 'sms-floods', 'sms-pumping', 'codes-brute-force'].map(
  (name) => `tests/server/${name}.test.ts`,
);
const FUZZ = 'tests/server/fuzz.test.ts';
/**
 * Node files that change what later files in their worker would see: a module mocked (vi.mock), or a global patched by
 * what they import (pdfjs-dist's legacy build wraps JSON.stringify, which then overflows the deep-bodies test's stack).
 */
const ISOLATED = ['load-shedding', 'reports-pdf'].map((name) => `tests/server/${name}.test.ts`);

/**
 * How long a file runs: the crash run (~5 min), then the browser walks and the other soak files (1-4 min each), then the
 * node files (up to 50 s), then the DOM files (mostly a few seconds).
 */
const weight = (file: TestSpecification) =>
  file.moduleId.endsWith('/crash.test.ts') ? 0 : ['e2e', 'processes', 'soak'].includes(file.project.name) ? 1 : file.project.name === 'dom' ? 3 : 2;

/** Longest first: the quick files then even out the two workers' ends, instead of a long file starting last. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => weight(a) - weight(b));
  }
}

export default defineConfig({
  plugins: [react(), flowModules()],
  resolve: { alias: { '@locales': flowFolders().localesDir } },
  test: {
    // Vitest's default on a 2-core machine is one worker, which ran every file in turn (CI took 20 min). Two at a time,
    // longest first: the long files mostly wait on their servers, browsers and databases. (A project limited to one
    // worker would run as a group of its own after all the others, which is why the browser walks are not.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // The files of a worker share their imports rather than importing the server anew each: tests keep no state
          // in modules, and the few that change what later files would see are in node-isolated.
          isolate: false,
          include: ['tests/{engine,flows,server,studio}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESSES, ...SOAK, ...ISOLATED],
          environment: 'node',
        },
      },
      { extends: true, test: { name: 'node-isolated', include: ISOLATED, environment: 'node' } },
      { extends: true, test: { name: 'processes', include: PROCESSES, environment: 'node' } },
      {
        extends: true,
        test: { name: 'soak', include: [...SOAK, FUZZ], environment: 'node', env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '500' } },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          // As in node: the files of a worker share their imports (React, i18next, every widget the setup loads).
          isolate: false,
          include: ['tests/{widgets,src}/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/testing/setup.ts'],
          // The date wheel's tests take 2.3 s alone and 5-6.3 s on this 2-core machine at a load average of 20: Vitest's
          // 5 s default timed them out, and the test after a timed-out one, in the same jsdom, failed with it.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // As in node: the files of a worker share their imports (playwright-core, the server's modules the suites read).
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/testing/browser-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page shows after a click may wait on the API, which under CI's load took over Vitest's 1 s default
          // (the studio's report, 4f2b0bb): a poll waits up to 10 s here, and still fails on a wrong answer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
