// A step whose widget code cannot be fetched shows why and a way to try again, not a blank page; the retry fetches it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StepLoadBoundary } from '../../src/funnel/StepLoadBoundary.tsx';
import { lazyWidget } from '../../widgets/lazy-widget.tsx';
import type { Widget, WidgetProps } from '../../widgets/types.ts';

const Hello: Widget = (() => <p>the step</p>) as Widget;
const props = {
  props: {} as never,
  answers: {},
  computed: {},
  busy: false,
  send: () => {},
  back: () => {},
  ns: 'test',
  navigate: () => {},
} as WidgetProps<never>;

describe('a step whose code does not arrive', () => {
  it('says so with a retry button, and the retry fetches the code again', async () => {
    // React logs the caught error; the test is about what the visitor sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const importWidget = vi
      .fn<() => Promise<Widget>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello);
    const Lazy = lazyWidget(importWidget);
    await act(() => {
      render(
        <StepLoadBoundary message="This step could not be loaded." retry="Try again now" onRetry={() => void Lazy.load().catch(() => undefined)}>
          <Suspense fallback={<p>loading</p>}>
            <Lazy {...props} />
          </Suspense>
        </StepLoadBoundary>,
      );
      return Promise.resolve();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This step could not be loaded.');
    // In an awaited act(), so React draws the step when the code arrives (as it does outside tests).
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again now' }));
      await Lazy.load();
    });
    expect(screen.getByText('the step')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(importWidget).toHaveBeenCalledTimes(2);
  });
});
