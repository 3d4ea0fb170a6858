// A widget whose code is its own chunk: fetched when a step that shows it is current or next, not with the first screen.
import { memo, use } from 'react';
import type { Widget, WidgetProps } from './types.ts';

export interface LazyWidget {
  (props: WidgetProps<never>): React.ReactNode;
  /** Fetches the widget's code once (again after a failure); resolves when it can render without suspending. */
  load(): Promise<unknown>;
}

export function lazyWidget(importWidget: () => Promise<Widget>): LazyWidget {
  let Loaded: Widget | undefined;
  let attempt: Promise<Widget> | undefined;
  let failed = false;
  const load = () => {
    if (!attempt || failed) {
      failed = false;
      attempt = importWidget().then(
        (widget) => (Loaded = widget),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return attempt;
  };
  // Renders at once when the code is here, else suspends until it is. A failed fetch is thrown to the step's error
  // boundary (src/funnel/StepLoadBoundary.tsx) rather than fetched again at once, over and over while offline: its
  // retry, or the next prefetch, calls load() again. Memoised: a page drawn again with the same answers (a history
  // entry recorded, a screen drawn ahead and then shown) does not draw its widgets again.
  const Lazy = memo(function Lazy(props: WidgetProps<never>) {
    const Component = Loaded ?? use(attempt ?? load());
    return <Component {...props} />;
  });
  return Object.assign(Lazy, { load });
}
