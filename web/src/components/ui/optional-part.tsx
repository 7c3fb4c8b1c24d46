// A part of the page whose code loads on demand (a dialog, a list): while it loads nothing shows, and if
// its code cannot be fetched (offline before it ever loaded) the rest of the page carries on without it
// instead of being torn down; the part is tried again the next time it renders after the connection is back.
import { Component, Suspense, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class OptionalPart extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => this.setState({ failed: false });

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
