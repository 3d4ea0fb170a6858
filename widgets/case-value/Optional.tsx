// A part of a widget the step can do without (the estimate in dollars): if its code cannot be fetched or it fails, it
// is left out, and the rest of the step (the gauge, the consent, Submit) stays usable.
import { Component, type ReactNode } from 'react';

export class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('an optional part was left out', error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
