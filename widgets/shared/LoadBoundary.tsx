// Where code fetched on demand may not arrive (the network dropped: a step's widgets, a page, a map): says so and offers
// to try again, instead of the whole page going blank. Try again fetches what failed (lazy-part.tsx). The page's own
// boundary is keyed by its kind (Layout.tsx): another kind of page starts afresh.
import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from '../lazy-part.tsx';

interface Props {
  message: string;
  retry: string;
  /** A class of the message's box besides load-failed: the map's keeps the map's size, so nothing below it moves. */
  className?: string;
  children: ReactNode;
}

export class LoadBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={`load-failed ${this.props.className ?? ''}`}>
        <p>{this.props.message}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            void retryFailedLoads();
            this.setState({ failed: false });
          }}
        >
          {this.props.retry}
        </button>
      </div>
    );
  }
}
