// A part whose code is its own chunk (a widget, a page, a map): fetched when it is about to show, not with the first
// screen. A fetch that failed is fetched again when the load boundary's Try again (shared/LoadBoundary.tsx) calls
// retryFailedLoads, or when a prefetch calls load() again.
import { lazy, memo, type ComponentType, type ReactNode } from 'react';

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Fetches the part's code once (again after a failure); resolves when it can render without suspending. */
  load(): Promise<unknown>;
}

/** The loads of the parts whose last fetch failed. */
const failed = new Set<() => Promise<unknown>>();

/** Fetches again the code of every part whose fetch failed; resolves when they have arrived or failed again. */
export const retryFailedLoads = (): Promise<unknown> => Promise.all([...failed].map((load) => load().catch(() => undefined)));

export function lazyPart<P extends object>(importPart: () => Promise<ComponentType<P>>): LazyPart<P> {
  let Loaded: ComponentType<P> | undefined;
  let attempt: Promise<ComponentType<P>> | undefined;
  /** React's lazy component of the latest attempt: what suspends until it arrives, and throws its failure. */
  let Pending: ComponentType<P> | undefined;
  const load = () => {
    if (!attempt || failed.has(load)) {
      failed.delete(load);
      const current = importPart().then(
        (part) => (Loaded = part),
        (error: unknown) => {
          failed.add(load);
          throw error;
        },
      );
      attempt = current;
      Pending = lazy(() => current.then((part) => ({ default: part })));
    }
    return attempt;
  };
  // Renders at once when the code is here, else suspends until it is. A failed fetch is thrown to the load boundary
  // rather than fetched again here: React draws a failed part again at once, which would fetch over and over while
  // offline. Memoised: a page drawn again with the same props (a funnel's history entry recorded, a screen drawn ahead
  // and then shown) does not draw its parts again.
  const Lazy = memo(function Lazy(props: P) {
    // Its failure is React's lazy's to throw (Pending's), not a rejection left unhandled.
    if (!attempt) void load();
    const Component = (Loaded ?? Pending) as ComponentType<P>;
    return <Component {...props} />;
  });
  return Object.assign(Lazy, { load });
}
