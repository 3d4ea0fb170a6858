// A part whose code cannot be fetched (a step's widget, a page, a map) shows why and a way to try again, not a blank
// page; Try again fetches what failed. (Another page starting afresh: tests/e2e/report-search.test.ts.)
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from '../../widgets/shared/LoadBoundary.tsx';
import { lazyPart, type LazyPart } from '../../widgets/lazy-part.tsx';

const Hello = () => <p>the page</p>;

/** A part whose first fetch fails as offline, and every later one arrives. */
function failingOnce() {
  const importPart = vi
    .fn<() => Promise<typeof Hello>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue(Hello);
  return { importPart, Part: lazyPart(importPart) };
}

const drawn = (Part: LazyPart<object>) => (
  <LoadBoundary message="This page could not be loaded." retry="Try again now">
    <Suspense fallback={<p>loading</p>}>
      <Part />
    </Suspense>
  </LoadBoundary>
);

/**
 * Does what the visitor does, then lets the fetches it starts settle, in an awaited act() so that React draws what it
 * waited for (as it does outside tests).
 */
const codeArrivedAfter = (action: () => unknown) =>
  act(async () => {
    await action();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

describe('a part whose code does not arrive', () => {
  // React logs the caught error; the tests are about what the visitor sees.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('says so with a retry button, and the retry fetches the code again', async () => {
    const { importPart, Part } = failingOnce();
    await act(() => Promise.resolve(void render(drawn(Part))));
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await codeArrivedAfter(() => userEvent.click(screen.getByRole('button', { name: 'Try again now' })));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(importPart).toHaveBeenCalledTimes(2);
  });
});
