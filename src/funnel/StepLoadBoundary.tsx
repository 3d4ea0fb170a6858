// A step whose widget code could not be fetched (the network dropped before it was fetched ahead) says so and offers to
// try again, instead of the whole page going blank; moving to another screen starts afresh (each screen is its own: screens-ahead.ts).
import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  retry: string;
  /** Fetches the step's code again; the step is drawn anew right after. */
  onRetry: () => void;
  children: ReactNode;
}

export class StepLoadBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p>{this.props.message}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          {this.props.retry}
        </button>
      </div>
    );
  }
}
