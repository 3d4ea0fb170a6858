// A part (a widget, a page, a map) in its own chunk: shown once its code is here, at once when it was fetched ahead,
// fetched again after a failure.
import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart, retryFailedLoads, type LazyPart } from '../../widgets/lazy-part.tsx';
import type { Widget, WidgetProps } from '../../widgets/types.ts';

const Hello: Widget = (({ ns }: WidgetProps<never>) => <p>hello from {ns}</p>) as Widget;
const props = { props: {} as never, answers: {}, computed: {}, busy: false, send: () => {}, back: () => {}, ns: 'test', navigate: () => {} };

/** An import that resolves or fails when the test says so, counting its calls. */
function controlledImport() {
  const calls: { resolve: (w: Widget) => void; reject: (e: Error) => void }[] = [];
  const importWidget = () => new Promise<Widget>((resolve, reject) => void calls.push({ resolve, reject }));
  return { calls, importWidget };
}

const renderLazy = (Lazy: LazyPart<WidgetProps<never>>) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Lazy {...props} />
    </Suspense>,
  );

describe('lazyPart', () => {
  it('shows the fallback until the code arrives, then the widget', async () => {
    const { calls, importWidget } = controlledImport();
    // In an awaited act(), so React retries the suspended render when the code arrives (as it does outside tests).
    await act(() => Promise.resolve(void renderLazy(lazyPart(importWidget))));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => Promise.resolve(calls[0]!.resolve(Hello)));
    expect(screen.getByText('hello from test')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('renders at once, without the fallback, when its code was loaded ahead', async () => {
    const { calls, importWidget } = controlledImport();
    const Lazy = lazyPart(importWidget);
    const loaded = Lazy.load();
    calls[0]!.resolve(Hello);
    await loaded;
    renderLazy(Lazy);
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('hello from test')).toBeInTheDocument();
  });

  it('fetches once however often it is asked, and again after a failed fetch', async () => {
    const { calls, importWidget } = controlledImport();
    const Lazy = lazyPart(importWidget);
    const first = Lazy.load();
    void Lazy.load();
    expect(calls).toHaveLength(1);
    calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = Lazy.load();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(Hello);
    await expect(second).resolves.toBe(Hello);
  });

  it('is fetched again by retryFailedLoads once its fetch failed, and only then', async () => {
    const { calls, importWidget } = controlledImport();
    const Lazy = lazyPart(importWidget);
    const other = controlledImport();
    const Other = lazyPart(other.importWidget);
    const first = Lazy.load();
    const fine = Other.load();
    other.calls[0]!.resolve(Hello);
    await fine;
    calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const retried = retryFailedLoads();
    // The failed part is fetched again; the one that arrived is not.
    expect(calls).toHaveLength(2);
    expect(other.calls).toHaveLength(1);
    calls[1]!.resolve(Hello);
    await retried;
    await expect(Lazy.load()).resolves.toBe(Hello);
    // Nothing failed since: nothing is fetched.
    await retryFailedLoads();
    expect(calls).toHaveLength(2);
  });

  it('keeps what it drew when drawn again after its code arrived: the part is not started afresh', async () => {
    const { calls, importWidget } = controlledImport();
    const mounts: string[] = [];
    const Counted: Widget = (({ ns }: WidgetProps<never>) => {
      // Once per mount, with the name it mounted with.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      useEffect(() => void mounts.push(ns), []);
      return <p>hello from {ns}</p>;
    }) as Widget;
    const Lazy = lazyPart(importWidget);
    const drawn = (ns: string) => (
      <Suspense fallback={<p>loading</p>}>
        <Lazy {...props} ns={ns} />
      </Suspense>
    );
    const { rerender } = await act(() => Promise.resolve(render(drawn('first'))));
    await act(() => Promise.resolve(calls[0]!.resolve(Counted)));
    expect(screen.getByText('hello from first')).toBeInTheDocument();
    // New props once the code is here (a step's answers, a report's address without its VIN): the same part, updated.
    await act(() => Promise.resolve(void rerender(drawn('second'))));
    expect(screen.getByText('hello from second')).toBeInTheDocument();
    expect(mounts).toEqual(['first']);
  });
});
