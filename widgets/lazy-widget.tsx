// A widget whose code is its own chunk: fetched when a step that shows it is current or next, not with the first screen.
import { use } from 'react';
import type { Widget, WidgetProps } from './types.ts';

export interface LazyWidget {
  (props: WidgetProps<never>): React.ReactNode;
  /** Fetches the widget's code once (again after a failure); resolves when it can render without suspending. */
  load(): Promise<unknown>;
}

export function lazyWidget(importWidget: () => Promise<Widget>): LazyWidget {
  let Loaded: Widget | undefined;
  let loading: Promise<Widget> | undefined;
  const load = () => {
    loading ??= importWidget().then(
      (widget) => (Loaded = widget),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Renders at once when the code is here, else suspends until it is (the funnel page's Suspense shows meanwhile).
  const Lazy = (props: WidgetProps<never>) => {
    const Component = Loaded ?? use(load());
    return <Component {...props} />;
  };
  return Object.assign(Lazy, { load });
}
