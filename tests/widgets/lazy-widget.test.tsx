// A widget in its own chunk: shown once its code is here, at once when it was fetched ahead, fetched again after a failure.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWidget } from '../../widgets/lazy-widget.tsx';
import type { Widget, WidgetProps } from '../../widgets/types.ts';

const Hello: Widget = (({ ns }: WidgetProps<never>) => <p>hello from {ns}</p>) as Widget;
const props = { props: {} as never, answers: {}, computed: {}, busy: false, send: () => {}, back: () => {}, ns: 'test', navigate: () => {} };

/** An import that resolves or fails when the test says so, counting its calls. */
function controlledImport() {
  const calls: { resolve: (w: Widget) => void; reject: (e: Error) => void }[] = [];
  const importWidget = () => new Promise<Widget>((resolve, reject) => void calls.push({ resolve, reject }));
  return { calls, importWidget };
}

const renderLazy = (Lazy: ReturnType<typeof lazyWidget>) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Lazy {...props} />
    </Suspense>,
  );

describe('lazyWidget', () => {
  it('shows the fallback until the code arrives, then the widget', async () => {
    const { calls, importWidget } = controlledImport();
    // In an awaited act(), so React retries the suspended render when the code arrives (as it does outside tests).
    await act(() => Promise.resolve(void renderLazy(lazyWidget(importWidget))));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => Promise.resolve(calls[0]!.resolve(Hello)));
    expect(screen.getByText('hello from test')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('renders at once, without the fallback, when its code was loaded ahead', async () => {
    const { calls, importWidget } = controlledImport();
    const Lazy = lazyWidget(importWidget);
    const loaded = Lazy.load();
    calls[0]!.resolve(Hello);
    await loaded;
    renderLazy(Lazy);
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('hello from test')).toBeInTheDocument();
  });

  it('fetches once however often it is asked, and again after a failed fetch', async () => {
    const { calls, importWidget } = controlledImport();
    const Lazy = lazyWidget(importWidget);
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
});
